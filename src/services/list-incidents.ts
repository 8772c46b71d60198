import type { UserRef } from "../domain/workspace-ref";
import type { Incident, UptimeApi } from "../uptime";
import { monitorNames } from "./monitor-names";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";

/** The API pages 10 incidents (reference, Limits); `incidents open` shows as many per page. */
export const INCIDENTS_PER_PAGE = 10;
/**
 * `incidents open`: the API has no filter for open incidents, so the latest pages are read and the open ones
 * kept. An outage older than the latest 200 incidents is left out, and the answer says so.
 */
export const MAX_OPEN_SCAN_PAGES = 20;

export interface ListIncidentsInput {
  openOnly: boolean;
  page: number;
  /** The team a Prev/Next button was rendered for. */
  teamId?: string;
}

export interface IncidentListView {
  team: { id: string; name: string };
  openOnly: boolean;
  page: number;
  incidents: Incident[];
  monitorNames: Record<string, string>;
  hasPrev: boolean;
  hasNext: boolean;
  /** `incidents open` stopped reading after MAX_OPEN_SCAN_PAGES pages. */
  scanCapped: boolean;
}

/** Monitor names of incidents: the included monitor (include=monitor), else one lookup per missing id. */
export async function incidentMonitorNames(
  api: UptimeApi,
  incidents: readonly Incident[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const incident of incidents) {
    if (incident.monitorId === null) continue;
    if (incident.monitor) names.set(incident.monitorId, incident.monitor.name);
    else missing.push(incident.monitorId);
  }
  for (const [id, name] of await monitorNames(api, missing)) names.set(id, name);
  return names;
}

/** `/uptime incidents [open] [--page N]`: newest first (A6), one page of 10. */
export function listIncidents(
  deps: ServiceDeps,
  ref: UserRef,
  input: ListIncidentsInput,
): Promise<IncidentListView> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, input.teamId);
    let incidents: Incident[];
    let hasNext: boolean;
    let scanCapped = false;
    if (input.openOnly) {
      const open: Incident[] = [];
      let page: Awaited<ReturnType<typeof api.teams.incidents>> | null = await api.teams.incidents(team.id, {
        include: ["monitor"],
      });
      for (let n = 0; page; n++) {
        if (n >= MAX_OPEN_SCAN_PAGES) {
          scanCapped = true;
          break;
        }
        open.push(...page.items.filter((i) => i.open));
        // One more than the page needs tells whether a Next page exists.
        if (open.length > input.page * INCIDENTS_PER_PAGE) break;
        page = await page.next();
      }
      const start = (input.page - 1) * INCIDENTS_PER_PAGE;
      incidents = open.slice(start, start + INCIDENTS_PER_PAGE);
      hasNext = open.length > start + INCIDENTS_PER_PAGE;
    } else {
      const page = await api.teams.incidents(team.id, { page: input.page, include: ["monitor"] });
      incidents = page.items;
      hasNext = page.hasMore;
    }
    return {
      team: { id: team.id, name: team.name },
      openOnly: input.openOnly,
      page: input.page,
      incidents,
      monitorNames: Object.fromEntries(await incidentMonitorNames(api, incidents)),
      hasPrev: input.page > 1,
      hasNext,
      scanCapped,
    };
  });
}
