import type { Monitor, Page, Team, UptimeApi } from "../uptime";
import { type OpenIncidents, openIncidents } from "./open-incidents";

/** What `/uptime status` and App Home both show of a team, read the same way. */
export interface TeamOverview {
  /** GET /teams/{id}: its name and `meta.monitorCounters`. */
  details: Team;
  /** The first page of the monitors that are down (A9 filter[state]=-10, A4). */
  down: Page<Monitor>;
  /** Every open incident, however old, within the page cap (openIncidents). */
  openIncidents: OpenIncidents;
}

/** The team's counters, down monitors and open incidents: three reads in parallel. */
export async function teamOverview(api: UptimeApi, team: { id: string }): Promise<TeamOverview> {
  const [details, down, open] = await Promise.all([
    api.teams.get(team.id),
    api.teams.monitors(team.id, { filter: { state: "down" } }),
    openIncidents(api, team.id),
  ]);
  return { details, down, openIncidents: open };
}
