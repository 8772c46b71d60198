import { closestMatches } from "../lib/closest-matches";
import { type Monitor, type MonitorInclude, NotFoundError, type UptimeApi } from "../uptime";
import { collectPages } from "./collect-pages";
import { MonitorNotFoundError, NotInActiveTeamError } from "./errors";

/** Pages of the team's monitors read at most to find a name or suggest one (500 monitors). */
export const MAX_NAME_PAGES = 50;
/** Names suggested after "No monitor matches". */
export const SUGGESTIONS = 3;

export type NameMatch<T> =
  | { kind: "found"; monitor: T }
  | { kind: "ambiguous"; candidates: T[] }
  | { kind: "none" };

/** `123` or `#123`: an API monitor id (integers written as strings). */
export function monitorIdOf(query: string): string | null {
  const m = /^#?(\d{1,18})$/.exec(query.trim());
  return m ? m[1]! : null;
}

/**
 * Which monitor a typed name means: the one whose name equals it ignoring case, else the only one whose
 * name contains it (A9's own rule for `filter[name]`). Several equal names or several containing ones are
 * ambiguous. Pure.
 */
export function matchMonitorName<T extends { name: string }>(
  query: string,
  candidates: readonly T[],
): NameMatch<T> {
  const q = query.trim().toLowerCase();
  if (q === "") return { kind: "none" };
  const exact = candidates.filter((c) => c.name.trim().toLowerCase() === q);
  if (exact.length === 1) return { kind: "found", monitor: exact[0]! };
  if (exact.length > 1) return { kind: "ambiguous", candidates: exact };
  const partial = candidates.filter((c) => c.name.toLowerCase().includes(q));
  if (partial.length === 1) return { kind: "found", monitor: partial[0]! };
  if (partial.length > 1) return { kind: "ambiguous", candidates: partial };
  return { kind: "none" };
}

/**
 * The names to suggest for `query` among `candidates`, best first. Monitors sharing a name are told apart
 * by id ("Blog (id 3)"), since the name alone would resolve to the same ambiguity again.
 */
export function suggestMonitors(
  query: string,
  candidates: readonly Monitor[],
  limit = SUGGESTIONS,
): string[] {
  const counts = new Map<string, number>();
  for (const c of candidates) counts.set(c.name.toLowerCase(), (counts.get(c.name.toLowerCase()) ?? 0) + 1);
  return closestMatches(query, candidates, limit).map((m) =>
    (counts.get(m.name.toLowerCase()) ?? 0) > 1 ? `${m.name} (id ${m.id})` : m.name,
  );
}

/**
 * The monitor a user named in the team: by id, else by exact name (case-insensitive), else by a unique
 * substring. Otherwise MonitorNotFoundError with the closest names of the team as suggestions.
 * With `include`, the monitor comes with those (A11): an id costs the one GET /monitors/{id} that finds it,
 * a name one more GET once the list has told which monitor it is.
 */
export async function resolveMonitor(
  api: UptimeApi,
  teamId: string,
  query: string,
  include?: readonly MonitorInclude[],
): Promise<Monitor> {
  const q = query.trim();
  if (q === "") throw new MonitorNotFoundError(query, []);
  const options = include?.length ? { include: [...include] } : undefined;
  const id = monitorIdOf(q);
  if (id !== null) {
    try {
      return await api.monitors.get(id, options);
    } catch (error) {
      // A monitor may well be called "2024": fall through to the names.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return resolveMonitorByName(api, teamId, q, options);
}

async function resolveMonitorByName(
  api: UptimeApi,
  teamId: string,
  q: string,
  options: { include: MonitorInclude[] } | undefined,
): Promise<Monitor> {
  // A9: filter[name] is a case-insensitive substring, so the exact name is among these.
  const named = await collectPages(await api.teams.monitors(teamId, { filter: { name: q } }), MAX_NAME_PAGES);
  const match = matchMonitorName(q, named.items);
  if (match.kind === "found") return options ? api.monitors.get(match.monitor.id, options) : match.monitor;
  if (match.kind === "ambiguous") throw new MonitorNotFoundError(q, suggestMonitors(q, match.candidates));
  const all = await collectPages(await api.teams.monitors(teamId), MAX_NAME_PAGES);
  throw new MonitorNotFoundError(q, suggestMonitors(q, all.items));
}

/**
 * As resolveMonitor, but an id counts only when the monitor belongs to `team`: `GET /monitors/{id}` answers
 * for a monitor of any team the token is in, and a monitor names no team (the reference shows no such
 * relationship), so its team is asked by name (A9), which lists it only when it is the team's. An id of
 * another team is NotInActiveTeamError, unless a monitor of `team` is called so.
 */
export async function resolveMonitorInTeam(
  api: UptimeApi,
  team: { id: string; name: string },
  query: string,
  include?: readonly MonitorInclude[],
): Promise<Monitor> {
  const q = query.trim();
  if (q === "") throw new MonitorNotFoundError(query, []);
  const options = include?.length ? { include: [...include] } : undefined;
  const id = monitorIdOf(q);
  if (id === null) return resolveMonitorByName(api, team.id, q, options);
  let byId: Monitor | null = null;
  try {
    byId = await api.monitors.get(id, options);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  if (byId === null) return resolveMonitorByName(api, team.id, q, options);
  if (await isTeamMonitor(api, team.id, byId)) return byId;
  try {
    return await resolveMonitorByName(api, team.id, q, options);
  } catch (error) {
    if (error instanceof MonitorNotFoundError) throw new NotInActiveTeamError("monitor", id, team.name);
    throw error;
  }
}

/** Whether the team's monitor list (filtered by the monitor's name, A9) holds this very monitor. */
async function isTeamMonitor(api: UptimeApi, teamId: string, monitor: Monitor): Promise<boolean> {
  const named = await collectPages(
    await api.teams.monitors(teamId, { filter: { name: monitor.name } }),
    MAX_NAME_PAGES,
  );
  return named.items.some((m) => m.id === monitor.id);
}
