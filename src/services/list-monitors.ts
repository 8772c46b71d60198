import type { UserRef } from "../domain/workspace-ref";
import type { SortKey, StateChoice } from "../grammar";
import type { ListMonitorsOptions, Monitor } from "../uptime";
import { collectPages } from "./collect-pages";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";

/** The API pages monitors by 10 (reference, Limits); locally filtered lists are shown 10 a page too. */
export const MONITORS_PER_PAGE = 10;
/** `--state paused` reads at most this many pages (500 monitors) before filtering. */
export const MAX_PAUSED_SCAN_PAGES = 50;

export interface ListMonitorsInput {
  text?: string | undefined;
  state?: StateChoice | undefined;
  group?: string | undefined;
  sort?: SortKey[] | undefined;
  page: number;
  /** The team a Prev/Next button was rendered for. */
  teamId?: string | undefined;
}

export interface MonitorListView {
  team: { id: string; name: string };
  /** The filters as given, carried into the Prev/Next buttons. */
  query: Omit<ListMonitorsInput, "teamId">;
  monitors: Monitor[];
  hasPrev: boolean;
  hasNext: boolean;
  /** `--state paused` stopped reading after MAX_PAUSED_SCAN_PAGES pages. */
  scanCapped: boolean;
}

/**
 * `/uptime monitors`: one API page with the filters of A9. `paused` is not a state (A4: it is
 * `meta.status` 0, and filter[state] only knows meta.state), so `--state paused` reads the filtered list
 * and keeps the paused monitors, paging them locally by 10.
 */
export function listMonitors(
  deps: ServiceDeps,
  ref: UserRef,
  input: ListMonitorsInput,
): Promise<MonitorListView> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, input.teamId);
    const options: ListMonitorsOptions = {
      filter: {
        ...(input.text ? { name: input.text } : {}),
        ...(input.group ? { group: input.group } : {}),
        ...(input.state && input.state !== "paused" ? { state: input.state } : {}),
      },
      ...(input.sort?.length ? { sort: input.sort } : {}),
    };
    const { teamId: _teamId, ...query } = input;
    const base = { team: { id: team.id, name: team.name }, query, hasPrev: input.page > 1 };
    if (input.state === "paused") {
      const walk = await collectPages(await api.teams.monitors(team.id, options), MAX_PAUSED_SCAN_PAGES);
      const paused = walk.items.filter((m) => m.paused);
      const start = (input.page - 1) * MONITORS_PER_PAGE;
      return {
        ...base,
        monitors: paused.slice(start, start + MONITORS_PER_PAGE),
        hasNext: paused.length > start + MONITORS_PER_PAGE,
        scanCapped: walk.capped,
      };
    }
    const page = await api.teams.monitors(team.id, { ...options, page: input.page });
    return { ...base, monitors: page.items, hasNext: page.hasMore, scanCapped: false };
  });
}
