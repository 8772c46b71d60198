import type { Clock } from "../../../lib/clock";
import { MinHeap } from "../../../lib/min-heap";
import type { ClaimedTarget } from "../../../store/poll-target-types";

/**
 * The again-polls of held claims start on a timer of at least this period (ms): one timer for all of them,
 * up to this late, rather than one per poll.
 */
const AGAIN_TICK_MS = 10;

/** A claimed target waiting for, or in, one of its polls. */
export interface QueuedPoll {
  claimed: ClaimedTarget;
  /** When this poll is due (ms, the clock's). */
  due: number;
  /** Between two polls of a held claim (ms); 0 for a lease: its poll commits, and is its only one. */
  step: number;
}

/**
 * True when no again-poll follows this one (AgainPolls.add): the next poll of its target is the next
 * claim's, at the end of the hold, or it is a lease's only poll.
 */
export function isLastPollOfHold(poll: QueuedPoll): boolean {
  const { heldUntil } = poll.claimed;
  return poll.step <= 0 || heldUntil === null || heldUntil - (poll.due + poll.step) < poll.step / 2;
}

/**
 * A held claim's refresh (claim-n.lua answers one booked before the hold ends, and books the next 30 s
 * after it) must be read by a poll of this hold: the next claim finds the next one not yet due. So the
 * hold's last poll reads it when it is not due yet, up to a step early. Without that, a refresh booked
 * after the hold's last poll was never read, and the next came 30 s later: one in holdPolls of the
 * incident reads skipped, and an acknowledge made outside Slack, or an outage seen only by the read,
 * shown up to 60 s late instead of 30.
 */
export function readsRefresh(poll: QueuedPoll, now: number): boolean {
  const { refreshAt } = poll.claimed;
  return refreshAt !== null && (refreshAt <= now || isLastPollOfHold(poll));
}

/**
 * The next polls of held claims whose last poll was quiet, the earliest first, on one timer:
 * when it fires, `onDue` takes the polls now due (takeDue). The worker lets the rest go at stop() (drain).
 */
export class AgainPolls {
  private readonly heap = new MinHeap<QueuedPoll>((poll) => poll.due);
  private timer: NodeJS.Timeout | null = null;
  /** When the timer fires (ms, the clock's). */
  private at = Number.POSITIVE_INFINITY;

  constructor(private readonly d: { clock: Clock; onDue: () => void }) {}

  /**
   * A held poll ended quiet (nothing committed): its target is polled again a step later if its hold
   * still lasts at least a step after that (the last poll of a hold is the next claim's). The refresh it
   * read is done; one booked for later is read by the first poll at or after its time. Stopping (`arm`
   * false): it waits for drain(), not for its time.
   */
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

  /** One timer for the earliest again-poll, at least AGAIN_TICK_MS ahead. */
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

  /** The again-polls due at `now`, taken out, the earliest first. */
  takeDue(now: number): QueuedPoll[] {
    const due: QueuedPoll[] = [];
    for (let poll = this.heap.peek(); poll && poll.due <= now; poll = this.heap.peek()) {
      this.heap.pop();
      due.push(poll);
    }
    return due;
  }

  /** Stops the timer and takes out every again-poll, the earliest first. */
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
