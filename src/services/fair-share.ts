import type { UserRef } from "../domain/workspace-ref";
import type { FairShareKind, FairShareTake } from "../store/fair-share-store";
import type { ServiceDeps } from "./service-deps";

export type { FairShareKind, FairShareTake } from "../store/fair-share-store";

/**
 * Takes one command or one chart from the person's fair share (docs/architecture.md section 10). A limit
 * protects the others; it is never a reason to fail: without the store, or with Redis not answering, the
 * person is served (and the log says so).
 */
export async function takeFairShare(
  deps: ServiceDeps,
  ref: UserRef,
  kind: FairShareKind,
): Promise<FairShareTake> {
  if (!deps.fairShare) return { ok: true };
  try {
    return await deps.fairShare.take(ref, kind);
  } catch (err) {
    deps.logger.warn({ err, kind }, "fair share unreadable; served anyway");
    return { ok: true };
  }
}

/**
 * A refusal of the person's share already known in this process (no Redis call), so that it can be the
 * acknowledgement itself; undefined when only a take can tell.
 */
export function knownFairShareRefusal(
  deps: ServiceDeps,
  ref: UserRef,
  kind: FairShareKind,
): { ok: false; waitMs: number } | undefined {
  return deps.fairShare?.refusal(ref, kind);
}
