import type { UserRef } from "../domain/workspace-ref";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import {
  DecodeError,
  NetworkError,
  RateLimitError,
  ServerError,
  UnexpectedStatusError,
  type User,
} from "../uptime";
import { type AlertsChange, AlertsChangeNotAllowedError, ReadOnlyRoleError } from "./errors";
import { sameTeams, teamsOf } from "./link-account";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** How old an answer of the API about someone's teams and roles may be when it lets a change through. */
export const MEMBERSHIP_MAX_AGE_MS = 60_000;

/**
 * Runs `decide` (a pure check that throws the refusal) on the caller's teams and roles as the API says them
 * (not as they were on the day the person linked). An answer at most MEMBERSHIP_MAX_AGE_MS old
 * may let a change through; a refusal is always decided on an answer read now, so that someone just added
 * to a team, or given a role, is not refused for a minute. A 401 goes through withSession like any call;
 * an API that does not answer (5xx, 429, a timeout, an unreadable answer) refuses the change as `unchecked`
 * rather than acting on an older answer.
 */
export async function decideOnMemberships<T>(
  deps: ServiceDeps,
  ref: UserRef,
  link: LinkRecord,
  change: AlertsChange,
  decide: (teams: readonly ApiTeam[]) => T,
): Promise<T> {
  const cached = await recentTeams(deps, ref, link);
  if (cached) {
    try {
      return decide(cached);
    } catch (error) {
      if (!isRefusal(error)) throw error;
    }
  }
  return decide(await readTeams(deps, ref, link, change));
}

/** The cached answer about this API user, when it is recent enough to let a change through. */
async function recentTeams(deps: ServiceDeps, ref: UserRef, link: LinkRecord): Promise<ApiTeam[] | null> {
  const cached = await deps.memberships?.get(ref);
  if (!cached || cached.apiUserId !== link.apiUserId) return null;
  const age = deps.clock.now() - cached.checkedAt;
  return age >= 0 && age < MEMBERSHIP_MAX_AGE_MS ? cached.teams : null;
}

/** `GET /users/me?include=teams` now; remembered for the next checks, and the link's teams follow it. */
async function readTeams(
  deps: ServiceDeps,
  ref: UserRef,
  link: LinkRecord,
  change: AlertsChange,
): Promise<ApiTeam[]> {
  const user = await withSession(deps, ref, async (session): Promise<User> => {
    try {
      return await session.api.users.me({ include: ["teams"] });
    } catch (error) {
      if (!cannotAnswer(error)) throw error;
      deps.logger.warn({ err: error, change }, "could not read the caller's teams: alert change refused");
      throw new AlertsChangeNotAllowedError(change, "unchecked", null);
    }
  });
  const teams = teamsOf(user);
  await deps.memberships?.put(
    ref,
    { apiUserId: user.id, checkedAt: deps.clock.now(), teams },
    MEMBERSHIP_MAX_AGE_MS,
  );
  // The link's teams are what `/uptime team`, queries and App Home show: kept in step when they changed.
  // Not emptied: a link without a team opens no session (NoTeamError), so the next check could not ask the
  // API, and a team joined later would stay unseen; the API's answer above still decides this check.
  if (teams.length > 0 && !sameTeams(teams, link.teams)) {
    await deps.links.updateTeams(ref, teams).catch((err: unknown) => {
      deps.logger.warn({ err }, "could not store the caller's current teams in their link");
    });
  }
  return teams;
}

/** What says the API could not answer now, as opposed to an answer (401, 403, 404) or our own mistake. */
function cannotAnswer(error: unknown): boolean {
  return (
    error instanceof ServerError ||
    error instanceof NetworkError ||
    error instanceof RateLimitError ||
    error instanceof UnexpectedStatusError ||
    error instanceof DecodeError
  );
}

function isRefusal(error: unknown): boolean {
  return (
    error instanceof ReadOnlyRoleError ||
    (error instanceof AlertsChangeNotAllowedError && error.reason === "not_member")
  );
}
