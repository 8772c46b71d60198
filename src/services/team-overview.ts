import type { Incident, Monitor, Page, Team, UptimeApi } from "../uptime";

/** What `/uptime status` and App Home both show of a team, read the same way. */
export interface TeamOverview {
  /** GET /teams/{id}: its name and `meta.monitorCounters`. */
  details: Team;
  /** The first page of the monitors that are down (A9 filter[state]=-10, A4). */
  down: Page<Monitor>;
  /** The newest page of team incidents with their monitors (A6: newest first, so open ones lead). */
  incidents: Page<Incident>;
  /** The open ones among `incidents`. */
  openIncidents: Incident[];
}

/** The team's counters, down monitors and latest incidents: three calls in parallel (one round trip). */
export async function teamOverview(api: UptimeApi, team: { id: string }): Promise<TeamOverview> {
  const [details, down, incidents] = await Promise.all([
    api.teams.get(team.id),
    api.teams.monitors(team.id, { filter: { state: "down" } }),
    api.teams.incidents(team.id, { include: ["monitor"] }),
  ]);
  return { details, down, incidents, openIncidents: incidents.items.filter((i) => i.open) };
}
