import type { ClaimedTarget } from "../../../store/poll-target-types";

// A poll that outlasts its hold must have its claim extended to a lease first (takeOlderThan).
export class ClaimHolds {
  /** Claim -> when it was claimed (performance.now(), ms: monotonic), in claim order: the oldest first. */
  private readonly open = new Map<ClaimedTarget, number>();

  get size(): number {
    return this.open.size;
  }

  add(claimed: ClaimedTarget, claimedAt: number): void {
    if (claimed.heldUntil !== null) this.open.set(claimed, claimedAt);
  }

  /** Open claims made at or before `claimedBy`: they stop being open, their polls must now commit. */
  takeOlderThan(claimedBy: number): ClaimedTarget[] {
    const taken: ClaimedTarget[] = [];
    for (const [claimed, at] of this.open) {
      // In claim order, on a monotonic clock: the rest are newer.
      if (at > claimedBy) break;
      taken.push(claimed);
    }
    for (const claimed of taken) this.open.delete(claimed);
    return taken;
  }

  /** While open, the target is due at `heldUntil`, so a poll ending now has nothing to commit. */
  has(claimed: ClaimedTarget): boolean {
    return this.open.has(claimed);
  }

  release(claimed: ClaimedTarget): void {
    this.open.delete(claimed);
  }
}

/** Longest wait between two extensions of held claims (ms); shorter for short intervals (holdPeriod). */
const HOLD_EXTEND_MAX_MS = 1_000;
/** Shortest extension period (ms): below it, timers would cost more than the commits that holds save. */
const HOLD_EXTEND_MIN_MS = 10;
/** Each claim costs Redis a script's work per target; a quiet held poll costs it nothing. */
const HOLD_POLLS_MAX = 4;
/** A hold lasts at most this share of a lease: a crashed worker's targets come back no later than a lease. */
const HOLD_LEASE_SHARE = 2 / 3;

/** A third of the shortest hold; null (every poll leases and commits) when too short to be worth it. */
export function holdPeriod(intervalMs: number, jitter: number): number | null {
  const period = Math.min(HOLD_EXTEND_MAX_MS, Math.floor((intervalMs * (1 - jitter)) / 3));
  return period >= HOLD_EXTEND_MIN_MS ? period : null;
}

/** As many intervals as fit in HOLD_LEASE_SHARE of a lease, 1 to HOLD_POLLS_MAX. */
export function holdPolls(intervalMs: number, jitter: number, leaseMs: number): number {
  const fit = Math.floor((leaseMs * HOLD_LEASE_SHARE) / (intervalMs * (1 + jitter)));
  return Math.max(1, Math.min(HOLD_POLLS_MAX, fit));
}
