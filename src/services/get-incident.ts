import type { IncidentNote } from "../domain/incident-notes";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { SlackTimelineEntry } from "../store/alert-message-store";
import { type Incident, type Monitor, NotFoundError } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import type { TeamRead } from "./session-team";

export interface IncidentView {
  incident: Incident;
  /** Null when the monitor is gone (deleted since) or the incident names none. */
  monitor: Monitor | null;
  /** The Slack user who acknowledged it from Slack, when one did. */
  ackedBy: string | null;
  /** What happened to it in Slack beyond the API's times: escalated, muted, unmuted (per channel). */
  slackTimeline?: SlackTimelineEntry[];
  /** What people added to its timeline (Add to incident timeline, `/uptime note`), oldest first. */
  notes?: IncidentNote[];
}

/**
 * `/uptime incident <id>`: the incident (A7 `GET /incidents/{id}`) and its monitor, read with the caller's
 * own token, and who acknowledged it from Slack. A 404 (no such incident, or another team's) surfaces as
 * NotFoundError like every lookup.
 */
export function getIncident(
  deps: ServiceDeps,
  ref: UserRef,
  incidentId: string,
): Promise<TeamRead<IncidentView>> {
  return withSession(deps, ref, async ({ api, team }) => {
    const incident = await api.incidents.get(incidentId);
    const monitor =
      incident.monitor ??
      (incident.monitorId
        ? await api.monitors.get(incident.monitorId).catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          })
        : null);
    const ws = workspaceOf(ref);
    const ackedBy = incident.acknowledged
      ? await deps.alerts?.messages.ackedBy(ws, incident.id).catch(() => null)
      : null;
    // A timeline that cannot be read costs the answer nothing: the API's times are still there.
    const [slackTimeline, notes] = await Promise.all([
      deps.alerts?.messages.timeline(ws, incident.id).catch(() => []) ?? [],
      deps.alerts?.notes.list(ws, incident.id).catch(() => []) ?? [],
    ]);
    // The incident's team (relationships.team); the active team when the API leaves it out.
    return {
      teamId: incident.teamId ?? team.id,
      incident,
      monitor,
      ackedBy: ackedBy ?? null,
      slackTimeline,
      notes,
    };
  });
}
