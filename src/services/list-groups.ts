import type { UserRef } from "../domain/workspace-ref";
import type { Group } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";

/** Slack shows at most 100 options in an external select (block_suggestion answer). */
export const MAX_GROUP_OPTIONS = 100;

/**
 * The team's groups whose name contains `query` (case-insensitive), by name, at most 100: the options of the
 * create-monitor modal's group picker (A7 `GET /teams/{id}/groups`; the API has no name filter for groups).
 */
export function listGroups(
  deps: ServiceDeps,
  ref: UserRef,
  request: { teamId?: string; query?: string; signal?: AbortSignal },
): Promise<Group[]> {
  return withSession(deps, ref, async (session) => {
    const team = sessionTeam(session, request.teamId);
    const groups = await session.api.groups.list(
      team.id,
      request.signal ? { signal: request.signal } : undefined,
    );
    return filterGroups(groups, request.query ?? "");
  });
}

/** Pure: the groups matching `query`, sorted by name, capped at MAX_GROUP_OPTIONS. */
export function filterGroups(groups: readonly Group[], query: string): Group[] {
  const q = query.trim().toLowerCase();
  return groups
    .filter((g) => g.name.toLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, MAX_GROUP_OPTIONS);
}
