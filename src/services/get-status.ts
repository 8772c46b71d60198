import type { UserRef } from "../domain/workspace-ref";
import type { Incident, Monitor, MonitorCounters, ServiceStatus } from "../uptime";
import { incidentMonitorNames } from "./list-incidents";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";
import { teamOverview } from "./team-overview";

/** `/uptime status`. */
export interface StatusView {
  team: { id: string; name: string };
  /** `meta.monitorCounters` of GET /teams/{id}; null when the service left it out. */
  counters: MonitorCounters | null;
  /** The first page of the monitors that are down (A9 filter[state]=-10, A4). */
  down: Monitor[];
  downHasMore: boolean;
  /** Every open incident, newest first (A6), however old, within the page cap (openIncidents). */
  openIncidents: Incident[];
  /** Pages of incidents were left unread: more may be open, so the count reads "at least". */
  openIncidentsCapped: boolean;
  /** Monitor names of the incidents, by monitor id. */
  monitorNames: Record<string, string>;
  /** GET /status, only when it is not `active`. */
  service: ServiceStatus | null;
}

/**
 * Team counters, down monitors, open incidents (pages of them) and the service status, in parallel.
 * `teamId`: the team a shared answer showed (sessionTeam), else the active team.
 */
export function getStatus(deps: ServiceDeps, ref: UserRef, teamId?: string): Promise<StatusView> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, teamId);
    const [{ details, down, openIncidents: open }, service] = await Promise.all([
      teamOverview(api, team),
      api.status.get(),
    ]);
    return {
      team: { id: team.id, name: details.name || team.name },
      counters: details.counters,
      down: down.items,
      downHasMore: down.hasMore,
      openIncidents: open.items,
      openIncidentsCapped: open.capped,
      monitorNames: Object.fromEntries(await incidentMonitorNames(api, open.items)),
      service: service.active ? null : service,
    };
  });
}
