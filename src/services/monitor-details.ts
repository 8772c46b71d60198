import type { UserRef } from "../domain/workspace-ref";
import type { Monitor } from "../uptime";
import { resolveMonitor } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";

/** `/uptime monitor <name or id>` and the Details button of alerts. */
export interface MonitorDetailsView {
  teamId: string;
  /** With checks, incidents (the ten most recent and the total) and the 24 h statistics. */
  monitor: Monitor;
}

/** A11: GET /monitors/{id} accepts the includes of the team monitor list. */
const DETAIL_INCLUDES = ["checks", "incidents", "availability-hourly", "latency-hourly"] as const;

/**
 * The monitor the user named (id, exact name, unique substring) with everything the details show, in the
 * active team or `teamId` (the team a shared answer showed).
 */
export function monitorDetails(
  deps: ServiceDeps,
  ref: UserRef,
  query: string,
  teamId?: string,
): Promise<MonitorDetailsView> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, teamId);
    const monitor = await resolveMonitor(api, team.id, query, DETAIL_INCLUDES);
    return { teamId: team.id, monitor };
  });
}

/**
 * The Details button of an alert, and a shared monitor answer: the monitor by id, whatever the user's active
 * team. `teamId` only names the team the answer is filed under (a monitor resource names no team: API
 * reference, Monitor relationships), so the id alone decides which monitor is shown.
 */
export function monitorDetailsById(
  deps: ServiceDeps,
  ref: UserRef,
  monitorId: string,
  teamId?: string,
): Promise<MonitorDetailsView> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, teamId);
    const monitor = await api.monitors.get(monitorId, { include: [...DETAIL_INCLUDES] });
    return { teamId: team.id, monitor };
  });
}
