import type { ClaimedTarget } from "../../store/poll-target-types";

/**
 * The held claims of one worker whose polls have not ended (issue 13). A held claim keeps its target only
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
