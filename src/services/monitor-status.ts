import type { UserRef } from "../domain/workspace-ref";
import type { MonitorState } from "../uptime";
import { resolveMonitorInTeam } from "./find-monitor";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** The "Get monitor status" workflow step's outputs (manifest.yml `functions.get_monitor_status`). */
export interface MonitorStatusView {
  monitorId: string;
  name: string;
  /** A4, with `paused` for a monitor whose checks are off (meta.status 0). */
  state: MonitorState | "paused";
  /** A10: the last 24 hourly points in percent; null where there is no data. */
  availability24h: number | null;
  /** The monitor's open incident, if it has one (A6: newest first among the ten included). */
  openIncidentId: string | null;
}

/**
 * A monitor by name or id (the same matching as `/uptime monitor`: id, exact name, unique substring) in the
 * caller's active team, read with their own token; an id of another of their teams is refused.
 */
export function monitorStatus(deps: ServiceDeps, ref: UserRef, query: string): Promise<MonitorStatusView> {
  return withSession(deps, ref, async ({ api, team }) => {
    // A11: the incidents and the hourly availability come with the monitor.
    const monitor = await resolveMonitorInTeam(api, team, query, ["incidents", "availability-hourly"]);
    return {
      monitorId: monitor.id,
      name: monitor.name,
      state: monitor.paused ? "paused" : monitor.state,
      availability24h: monitor.availabilityHourly?.totals.availability ?? null,
      openIncidentId: monitor.incidents?.items.find((i) => i.open)?.id ?? null,
    };
  });
}
