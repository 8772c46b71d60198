import type { Period } from "../grammar";
import { closestMatches } from "../lib/closest-matches";
import type { Monitor, MonitorInclude, Precision, UptimeApi } from "../uptime";
import { collectPages } from "./collect-pages";
import { GroupNotFoundError } from "./errors";
import { resolveMonitor } from "./find-monitor";

/** A10: 24 h is the hourly series (24 points), 30 d the daily one (30 points). */
export function precisionOf(period: Period): Precision {
  return period === "24h" ? "hourly" : "daily";
}

/** What an availability or latency answer is about. */
export type StatsSubject =
  | { kind: "team"; id: string; name: string }
  | { kind: "monitor"; id: string; name: string }
  | { kind: "group"; name: string; monitorCount: number | null };

/** Where the numbers come from: the API's own series, or computed here from `monitors` monitors' series. */
export type StatsSource = { kind: "api" } | { kind: "monitors"; monitors: number; capped: boolean };

/**
 * Monitors read at most to compute team statistics (100; `include` slows responses, reference Limits).
 * The answer says when the team has more.
 */
export const MAX_AGGREGATE_PAGES = 10;

/**
 * The group a user named (A7: id = the name), as typed first, then ignoring case: of two groups whose
 * names differ only in case, the one typed exactly wins. Pure; undefined when none matches.
 */
export function matchGroup<G extends { name: string }>(groups: readonly G[], query: string): G | undefined {
  const q = query.trim();
  const lower = q.toLowerCase();
  return groups.find((g) => g.name === q) ?? groups.find((g) => g.name.toLowerCase() === lower);
}

/** The group a user named (matchGroup); else GroupNotFoundError with suggestions. */
export async function resolveGroup(
  api: UptimeApi,
  teamId: string,
  query: string,
): Promise<{ name: string; monitorCount: number | null }> {
  const groups = await api.groups.list(teamId);
  const q = query.trim();
  const found = matchGroup(groups, q);
  if (found) return { name: found.name, monitorCount: found.monitorCount };
  const named = groups.map((g) => ({ id: g.name, name: g.name }));
  throw new GroupNotFoundError(
    q,
    closestMatches(q, named, 3).map((g) => g.name),
  );
}

/**
 * The monitor of an availability or latency answer with one series included: by `monitorId` when a shared
 * answer names the one it showed (no name lookup: a name may match another monitor by then), else the
 * monitor the user named in the team (resolveMonitor).
 */
export function statsMonitor(
  api: UptimeApi,
  teamId: string,
  query: string,
  monitorId: string | undefined,
  include: MonitorInclude,
): Promise<Monitor> {
  return monitorId === undefined
    ? resolveMonitor(api, teamId, query, [include])
    : api.monitors.get(monitorId, { include: [include] });
}

/** The team's monitors with one statistics series included, for the team figures the API does not offer. */
export async function teamMonitorsWith(
  api: UptimeApi,
  teamId: string,
  include: MonitorInclude,
): Promise<{ monitors: Monitor[]; capped: boolean }> {
  const walk = await collectPages(
    await api.teams.monitors(teamId, { include: [include] }),
    MAX_AGGREGATE_PAGES,
  );
  return { monitors: walk.items, capped: walk.capped };
}
