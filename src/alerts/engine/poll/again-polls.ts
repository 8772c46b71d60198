import type { Clock } from "../../../lib/clock";
import { MinHeap } from "../../../lib/min-heap";
import type { ClaimedTarget } from "../../../store/poll-target-types";

/** One timer, up to this late (ms), for every held claim's again-poll rather than one per poll. */
const AGAIN_TICK_MS = 10;

export interface QueuedPoll {
  claimed: ClaimedTarget;
  due: number;
  /** Between two polls of a held claim (ms); 0 for a lease: its poll commits, and is its only one. */
  step: number;
}

/** The next poll of its target is the next claim's (end of the hold), or a lease's only poll. */
export function isLastPollOfHold(poll: QueuedPoll): boolean {
  const { heldUntil } = poll.claimed;
  return poll.step <= 0 || heldUntil === null || heldUntil - (poll.due + poll.step) < poll.step / 2;
}

// A refresh booked after the hold's last poll would never be read by this hold and would come 30 s
// late; so the last poll reads one not yet due, up to a step early.
export function readsRefresh(poll: QueuedPoll, now: number): boolean {
  const { refreshAt } = poll.claimed;
  return refreshAt !== null && (refreshAt <= now || isLastPollOfHold(poll));
}

/** The next polls of held claims whose last poll was quiet, earliest first, on one timer. */
export class AgainPolls {
  private readonly heap = new MinHeap<QueuedPoll>((poll) => poll.due);
  private timer: NodeJS.Timeout | null = null;
  private at = Number.POSITIVE_INFINITY;

  constructor(private readonly d: { clock: Clock; onDue: () => void }) {}

  // Polled again a step later only if its hold outlasts that step; the hold's last poll is the next claim's.
  add(poll: QueuedPoll, arm: boolean): void {
    const { claimed } = poll;
    if (claimed.refresh) claimed.refreshAt = null;
    claimed.refresh = false;
    const last = isLastPollOfHold(poll);
    poll.due += poll.step;
    if (last) return;
    this.heap.push(poll);
    if (arm) this.arm();
  }

  arm(): void {
    const next = this.heap.peek();
    if (!next) return;
    const at = Math.max(next.due, this.d.clock.now() + AGAIN_TICK_MS);
    if (this.timer && at >= this.at) return;
    if (this.timer) clearTimeout(this.timer);
    this.at = at;
    this.timer = setTimeout(() => this.fire(), at - this.d.clock.now());
    this.timer.unref();
  }

  takeDue(now: number): QueuedPoll[] {
    const due: QueuedPoll[] = [];
    for (let poll = this.heap.peek(); poll && poll.due <= now; poll = this.heap.peek()) {
      this.heap.pop();
      due.push(poll);
    }
    return due;
  }

  drain(): QueuedPoll[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = Number.POSITIVE_INFINITY;
    return this.heap.drain();
  }

  private fire(): void {
    this.timer = null;
    this.at = Number.POSITIVE_INFINITY;
    this.d.onDue();
  }
}
