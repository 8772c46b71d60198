import type { Incident, UptimeApi } from "../uptime";
import { collectPages } from "./collect-pages";
import { MAX_OPEN_SCAN_PAGES } from "./list-incidents";

export interface OpenIncidents {
  /** Newest first (A6), with their monitors (include=monitor). */
  items: Incident[];
  /** Pages were left unread (MAX_OPEN_SCAN_PAGES): more may be open, so `items.length` is "at least". */
  capped: boolean;
}

/**
 * Every open incident of a team, for `/uptime status` and App Home. GET /teams/{id}/incidents takes only a
 * page and includes (reference: no filter, no total), and an incident stays open however old it is, so the
 * newest page is not enough. Nothing the reference states bounds how many are open either: the down
 * counter leaves out paused monitors, which can keep an incident open, and transitions are "not shown". So
 * every page is read, up to the cap for open incidents in docs/configuration.md (20 pages, 200 incidents).
 */
export async function openIncidents(api: UptimeApi, teamId: string): Promise<OpenIncidents> {
  const first = await api.teams.incidents(teamId, { include: ["monitor"] });
  const { items, capped } = await collectPages(first, MAX_OPEN_SCAN_PAGES);
  return { items: items.filter((i) => i.open), capped };
}
