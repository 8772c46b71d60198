import type { StormState } from "../store/alert-message-store";
import { type UserRef, workspaceOf } from "../store/workspace";
import { AuthenticationError, PermissionDeniedError } from "../uptime";
import { acknowledgeIncident } from "./acknowledge-incident";
import { NotLinkedError, StaleLinkError } from "./errors";
import { requireAlerts, type ServiceDeps } from "./service-deps";

/** Which storm roll-up: the API team's, in this channel. */
export interface RollupInput {
  channelId: string;
  apiTeamId: string;
}

export interface RollupIncident {
  incidentId: string;
  monitorId: string;
  monitorName: string | null;
}

export interface AcknowledgeRollupOutcome {
  acknowledged: RollupIncident[];
  /** Acknowledged by someone else meanwhile, or recovered: nothing to do. */
  skipped: (RollupIncident & { why: "already" | "ended" })[];
  /** Each with the error the user reads next to it (the others still went through). */
  failed: (RollupIncident & { error: unknown })[];
}

/**
 * The roll-up's Acknowledge all (issue 15): every incident of the roll-up still open is acknowledged with
 * the CLICKER's token (DESIGN.md 7), one after the other through the same path as an Acknowledge button, so
 * each channel's message names them. A failure of one incident is listed and does not stop the others; an
 * error that every incident would meet the same way (not linked, stale token, read-only role) is thrown
 * before anything is acknowledged, for the usual sentence and Link button.
 */
export async function acknowledgeRollup(
  deps: ServiceDeps,
  ref: UserRef,
  input: RollupInput,
): Promise<AcknowledgeRollupOutcome> {
  const storm = await requireAlerts(deps).messages.getStorm(
    workspaceOf(ref),
    input.channelId,
    input.apiTeamId,
  );
  const source = storm.rollup?.ts ? { channelId: input.channelId, messageTs: storm.rollup.ts } : undefined;
  const outcome: AcknowledgeRollupOutcome = { acknowledged: [], skipped: [], failed: [] };
  for (const incident of rollupIncidents(storm, "open")) {
    try {
      const result = await acknowledgeIncident(deps, ref, {
        incidentId: incident.incidentId,
        apiTeamId: input.apiTeamId,
        source,
      });
      const named = { ...incident, monitorName: result.monitorName ?? incident.monitorName };
      if (result.status === "acknowledged") outcome.acknowledged.push(named);
      else outcome.skipped.push({ ...named, why: result.status });
    } catch (error) {
      const sameForAll =
        error instanceof NotLinkedError ||
        error instanceof StaleLinkError ||
        error instanceof AuthenticationError ||
        error instanceof PermissionDeniedError;
      if (sameForAll && outcome.acknowledged.length === 0) throw error;
      outcome.failed.push({ ...incident, error });
    }
  }
  return outcome;
}

/** The roll-up's incidents in the order they opened: those still open, or every one not recovered. */
export function rollupIncidents(storm: StormState, which: "open" | "down"): RollupIncident[] {
  const members = Object.values(storm.rollup?.members ?? {});
  return members
    .filter((m) => (which === "open" ? m.stage === "open" : m.stage !== "resolved"))
    .sort((a, b) => Date.parse(a.view.incident.started) - Date.parse(b.view.incident.started))
    .map((m) => ({
      incidentId: m.view.incident.id,
      monitorId: m.view.incident.monitorId,
      monitorName: m.view.monitor?.name ?? null,
    }));
}
