import type { UserRef } from "../domain/workspace-ref";
import type { Check } from "../uptime";
import { monitorNames } from "./monitor-names";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";

/** Checks shown in one answer (A5: the API returns the latest 50; ~20 rows keep the message readable). */
export const CHECKS_SHOWN = 20;

export interface CheckListView {
  team: { id: string; name: string };
  /** Newest first (A5), at most CHECKS_SHOWN. */
  checks: Check[];
  /** How many the API returned in all. */
  total: number;
  monitorNames: Record<string, string>;
}

/** `/uptime checks`: the latest checks of the active team (or `teamId`) with their monitors' names. */
export function listChecks(deps: ServiceDeps, ref: UserRef, teamId?: string): Promise<CheckListView> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, teamId);
    const all = await api.teams.checks(team.id);
    const checks = all.slice(0, CHECKS_SHOWN);
    const ids = checks.flatMap((c) => (c.monitorId === null ? [] : [c.monitorId]));
    return {
      team: { id: team.id, name: team.name },
      checks,
      total: all.length,
      monitorNames: Object.fromEntries(await monitorNames(api, ids)),
    };
  });
}
