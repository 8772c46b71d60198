import type { UserRef } from "../domain/workspace-ref";
import type { DeferredAction, PendingAction } from "../store/pending-action-store";
import { type AcknowledgeOutcome, acknowledgeIncident } from "./acknowledge-incident";
import type { ServiceDeps } from "./service-deps";
import { type SetMonitorPausedResult, setMonitorPaused } from "./set-monitor-paused";

export type { DeferredAction };

/** What became of one action the user tried before linking (ui/render-pending-results.ts says it). */
export type PendingResult =
  | { kind: "acknowledge"; incidentId: string; outcome: AcknowledgeOutcome }
  | { kind: "acknowledge"; incidentId: string; error: unknown }
  | { kind: "pause" | "resume"; monitorId: string; outcome: SetMonitorPausedResult }
  | { kind: "pause" | "resume"; monitorId: string; error: unknown };

/** An unlinked user clicked Acknowledge: remember it for an hour, to complete once they have linked. */
export function rememberPendingAction(deps: ServiceDeps, ref: UserRef, action: PendingAction): Promise<void> {
  return deps.pendingActions.put(ref, action);
}

/**
 * Right after linking: completes what the user tried before, with the new link. The acknowledge is taken
 * from Redis (once: GETDEL, so two replicas cannot both run it), or from `carried` (the login modal's
 * metadata) when none is stored; a Pause/Resume comes from `carried` only. Failures are returned, not
 * thrown: the link itself succeeded and the user should hear both.
 */
export async function completePendingActions(
  deps: ServiceDeps,
  ref: UserRef,
  carried?: DeferredAction,
): Promise<PendingResult[]> {
  const results: PendingResult[] = [];
  const fallback: PendingAction | undefined =
    carried?.action === "ack"
      ? { kind: "acknowledge", incidentId: carried.incidentId, apiTeamId: carried.teamId }
      : undefined;
  const acknowledge = (await deps.pendingActions.take(ref))?.action ?? fallback;
  if (acknowledge) {
    const { incidentId } = acknowledge;
    try {
      const outcome = await acknowledgeIncident(deps, ref, {
        incidentId,
        apiTeamId: acknowledge.apiTeamId,
        source:
          acknowledge.channelId && acknowledge.messageTs
            ? { channelId: acknowledge.channelId, messageTs: acknowledge.messageTs }
            : undefined,
      });
      results.push({ kind: "acknowledge", incidentId, outcome });
    } catch (error) {
      results.push({ kind: "acknowledge", incidentId, error });
    }
  }
  if (carried?.action === "pause" || carried?.action === "resume") {
    const { action: kind, monitorId } = carried;
    try {
      const outcome = await setMonitorPaused(deps, ref, { monitorId }, kind === "pause");
      results.push({ kind, monitorId, outcome });
    } catch (error) {
      results.push({ kind, monitorId, error });
    }
  }
  return results;
}
