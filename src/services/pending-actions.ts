import type { PendingAction } from "../store/pending-action-store";
import type { UserRef } from "../store/workspace";
import { type AcknowledgeOutcome, acknowledgeIncident } from "./acknowledge-incident";
import type { ServiceDeps } from "./service-deps";

/** What became of an action the user tried before linking. */
export type PendingResult =
  | { action: PendingAction; outcome: AcknowledgeOutcome }
  | { action: PendingAction; error: unknown };

/** An unlinked user clicked Acknowledge: remember it for an hour, to complete once they have linked. */
export function rememberPendingAction(deps: ServiceDeps, ref: UserRef, action: PendingAction): Promise<void> {
  return deps.pendingActions.put(ref, action);
}

/**
 * Right after linking: takes the user's pending action (once: GETDEL, so two replicas cannot both run it),
 * or `fallback` (carried in the login modal) when none is stored, and completes it with the new link.
 * Failures are returned, not thrown: the link itself succeeded and the user should hear both.
 */
export async function completePendingAction(
  deps: ServiceDeps,
  ref: UserRef,
  fallback?: PendingAction,
): Promise<PendingResult | null> {
  const action = (await deps.pendingActions.take(ref))?.action ?? fallback;
  if (!action) return null;
  try {
    const outcome = await acknowledgeIncident(deps, ref, {
      incidentId: action.incidentId,
      apiTeamId: action.apiTeamId,
      source:
        action.channelId && action.messageTs
          ? { channelId: action.channelId, messageTs: action.messageTs }
          : undefined,
    });
    return { action, outcome };
  } catch (error) {
    return { action, error };
  }
}
