import type { ClaimedTarget } from "../../store/scheduler";

/**
 * The held claims of one worker whose polls have not ended (issue 13). A held claim keeps its target only
 * until its next quiet due time (`ClaimedTarget.heldUntil`): a quiet poll that ends before then has
 * nothing to commit, and one that runs longer must have its claim extended to a lease first. The worker
 * extends what `takeOlderThan` hands it; a poll asks `release` whether its claim still holds only until
 * its quiet due time.
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
   * The poll of `claimed` has ended: true when its claim was still open, so that the target is due at
   * its `heldUntil` without a commit; false when it was taken for extension or never held.
   */
  release(claimed: ClaimedTarget): boolean {
    return this.open.delete(claimed);
  }
}
