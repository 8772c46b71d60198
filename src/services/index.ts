import type { UserRef } from "../domain/workspace-ref";
import { accountServices } from "./account-services";
import { type FairShareKind, knownFairShareRefusal, takeFairShare } from "./fair-share";
import { monitorServices } from "./monitor-services";
import { queryServices } from "./query-services";
import { reachServices } from "./reach-services";
import type { ServiceDeps } from "./service-deps";
import { stepConfirmationServices } from "./step-changes";
import { subscriptionServices } from "./subscription-services";

export * from "./errors";
export type { FairShareKind, FairShareTake } from "./fair-share";
export type { MonitorStatusView, UnfurlCardView, UnfurlRefresh } from "./reach-services";
export type { ServiceDeps } from "./service-deps";
export { openSession, type UserSession, withSession } from "./session";
export {
  STEP_CONFIRMATION_MS,
  type StepChange,
  type StepChangeOutputs,
  type StepChangeRequest,
  type StepConfirmationRecord,
} from "./step-changes";

/**
 * Every use case, bound to its dependencies. Listeners receive this object and nothing below it, so the
 * Slack layer never touches a store or the API client directly (docs/architecture.md section 2).
 */
export function createServices(deps: ServiceDeps) {
  return {
    ...accountServices(deps),
    ...queryServices(deps),
    ...monitorServices(deps),
    ...subscriptionServices(deps),
    ...reachServices(deps),
    ...stepConfirmationServices(deps),
    /** One command or chart of the person's fair share (docs/architecture.md section 10). */
    takeFairShare: (ref: UserRef, kind: FairShareKind) => takeFairShare(deps, ref, kind),
    /** A refusal of that share this process already knows of, without asking Redis. */
    knownFairShareRefusal: (ref: UserRef, kind: FairShareKind) => knownFairShareRefusal(deps, ref, kind),
  };
}

export type Services = ReturnType<typeof createServices>;
