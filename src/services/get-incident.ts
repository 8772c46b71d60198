import { type UserRef, workspaceOf } from "../store/workspace";
import { type Incident, type Monitor, NotFoundError } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

export interface IncidentView {
  incident: Incident;
  /** Null when the monitor is gone (deleted since) or the incident names none. */
  monitor: Monitor | null;
  /** The Slack user who acknowledged it from Slack, when one did (issue 15, attribution). */
  ackedBy: string | null;
}

/**
 * `/uptime incident <id>`: the incident (A7 `GET /incidents/{id}`) and its monitor, read with the caller's
 * own token, and who acknowledged it from Slack. A 404 (no such incident, or another team's) surfaces as
 * NotFoundError like every lookup.
 */
export function getIncident(deps: ServiceDeps, ref: UserRef, incidentId: string): Promise<IncidentView> {
  return withSession(deps, ref, async ({ api }) => {
    const incident = await api.incidents.get(incidentId);
    const monitor =
      incident.monitor ??
      (incident.monitorId
        ? await api.monitors.get(incident.monitorId).catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          })
        : null);
    const ackedBy = incident.acknowledged
      ? await deps.alerts?.messages.ackedBy(workspaceOf(ref), incident.id).catch(() => null)
      : null;
    return { incident, monitor, ackedBy: ackedBy ?? null };
  });
}
