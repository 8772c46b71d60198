import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { StormState } from "../store/alert-message-store";
import { AuthenticationError, PermissionDeniedError } from "../uptime";
import { acknowledgeIncident } from "./acknowledge-incident";
import { requireCurrentMember } from "./alerts-permission";
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
 * The roll-up's Acknowledge all: every incident of the roll-up still open is acknowledged with
 * the CLICKER's token (docs/architecture.md section 7), one after the other through the same path as an Acknowledge button, so
 * each channel's message names them. A failure of one incident is listed and does not stop the others; an
 * error that every incident would meet the same way (not linked, stale token, not a member of the roll-up's
 * team as the API says now, read-only role) is thrown before anything is acknowledged, for the usual
 * sentence and Link button. The role itself is the API's to judge (A7's 403 on the first incident): which
 * roles may acknowledge is not shown in the reference.
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
  const open = rollupIncidents(storm, "open");
  if (open.length > 0) await requireRollupTeamMember(deps, ref, input.apiTeamId);
  for (const incident of open) {
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

/**
 * The clicker belongs to the roll-up's team now: someone removed from it is told so once, rather
 * than "couldn't find that" for each incident. Not linked and stale keep their own sentences (and the
 * Link button that remembers the click), as for one Acknowledge button.
 */
async function requireRollupTeamMember(deps: ServiceDeps, ref: UserRef, apiTeamId: string): Promise<void> {
  const link = await deps.links.get(ref);
  if (!link) throw new NotLinkedError();
  if (link.stale) throw new StaleLinkError();
  const name = link.teams.find((t) => t.id === apiTeamId)?.name ?? null;
  await requireCurrentMember(deps, ref, link, { id: apiTeamId, name }, "acknowledge-all");
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
