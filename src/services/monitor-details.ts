import type { UserRef } from "../store/workspace";
import type { Monitor } from "../uptime";
import { resolveMonitor } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** `/uptime monitor <name or id>` and the Details button of alerts. */
export interface MonitorDetailsView {
  teamId: string;
  /** With checks, incidents (the ten most recent and the total) and the 24 h statistics. */
  monitor: Monitor;
}

/** A11: GET /monitors/{id} accepts the includes of the team monitor list. */
const DETAIL_INCLUDES = ["checks", "incidents", "availability-hourly", "latency-hourly"] as const;

/** The monitor the user named (id, exact name, unique substring) with everything the details show. */
export function monitorDetails(deps: ServiceDeps, ref: UserRef, query: string): Promise<MonitorDetailsView> {
  return withSession(deps, ref, async ({ api, team }) => {
    const monitor = await resolveMonitor(api, team.id, query, DETAIL_INCLUDES);
    return { teamId: team.id, monitor };
  });
}

/** The Details button of an alert: the monitor by id, whatever the user's active team. */
export function monitorDetailsById(
  deps: ServiceDeps,
  ref: UserRef,
  monitorId: string,
): Promise<MonitorDetailsView> {
  return withSession(deps, ref, async ({ api, team }) => {
    const monitor = await api.monitors.get(monitorId, { include: [...DETAIL_INCLUDES] });
    return { teamId: team.id, monitor };
  });
}
