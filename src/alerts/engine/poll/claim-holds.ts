import type { ClaimedTarget } from "../../../store/poll-target-types";

/**
 * The held claims of one worker whose polls have not ended. A held claim keeps its target only
 * until its hold ends (`ClaimedTarget.heldUntil`, a few polls away): a quiet poll that ends well before
 * then has nothing to commit, and one that runs longer must have its claim extended to a lease first. The
 * worker extends what `takeOlderThan` hands it. A poll asks `has` whether its claim still holds only until
 * its hold ends, and `release`s it once it has ended, its commit included: a commit that waits for its
 * batch (QUIET_COMMIT_WINDOW_MS) keeps the claim open, so that the worker extends it if it waits too long.
 * Each poll of a hold is added when it is queued, and released when it ends.
 */
export class ClaimHolds {
  /** Claim -> when it was claimed (performance.now(), ms: monotonic), in claim order: the oldest first. */
  private readonly open = new Map<ClaimedTarget, number>();

  get size(): number {
    return this.open.size;
  }

  add(claimed: ClaimedTarget, claimedAt: number): void {
    if (claimed.heldUntil !== null) this.open.set(claimed, claimedAt);
  }

  /**
   * The open claims made at or before `claimedBy`, oldest first, which stop being open: their polls must
   * now commit (their claims are being extended to a lease).
   */
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

  /**
   * True while the claim of `claimed` is open: its target is due at its `heldUntil`, so that a poll
   * ending now has no due time to commit; false once taken for extension, or never held.
   */
  has(claimed: ClaimedTarget): boolean {
    return this.open.has(claimed);
  }

  /** The poll of `claimed` has ended, its commit too: its claim is no longer extended. */
  release(claimed: ClaimedTarget): void {
    this.open.delete(claimed);
  }
}

/** Longest wait between two extensions of held claims (ms); shorter for short intervals (holdPeriod). */
const HOLD_EXTEND_MAX_MS = 1_000;
/** Shortest extension period (ms): below it, timers would cost more than the commits that holds save. */
const HOLD_EXTEND_MIN_MS = 10;
/**
 * Most polls of a target per claim (holdPolls). Each claim costs Redis a script's work per target and the
 * poller its reply; a quiet poll of a held target costs Redis nothing.
 */
const HOLD_POLLS_MAX = 4;
/** A hold lasts at most this share of a lease: a crashed worker's targets come back no later than a lease. */
const HOLD_LEASE_SHARE = 2 / 3;

/**
 * The extension period of held claims: a third of the shortest hold (the interval less its jitter), at
 * most HOLD_EXTEND_MAX_MS; null (claims are leased, every poll commits) when that would be shorter than
 * HOLD_EXTEND_MIN_MS.
 */
export function holdPeriod(intervalMs: number, jitter: number): number | null {
  const period = Math.min(HOLD_EXTEND_MAX_MS, Math.floor((intervalMs * (1 - jitter)) / 3));
  return period >= HOLD_EXTEND_MIN_MS ? period : null;
}

/**
 * Polls per held claim: as many intervals (jitter included) as fit in HOLD_LEASE_SHARE of a lease, at
 * least 1 and at most HOLD_POLLS_MAX. 3 at the default 5 s interval and 30 s lease.
 */
export function holdPolls(intervalMs: number, jitter: number, leaseMs: number): number {
  const fit = Math.floor((leaseMs * HOLD_LEASE_SHARE) / (intervalMs * (1 + jitter)));
  return Math.max(1, Math.min(HOLD_POLLS_MAX, fit));
}
