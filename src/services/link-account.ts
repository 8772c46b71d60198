import type { UserRef } from "../domain/workspace-ref";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import { AuthenticationError, type User } from "../uptime";
import { InvalidTokenError } from "./errors";
import type { ServiceDeps } from "./service-deps";

/**
 * How long the login modal waits for `GET /users/me`. A view_submission must be answered within Slack's
 * 3 s; this leaves room for Redis and the answer itself. Retries of the client happen inside the budget.
 */
export const VERIFY_TOKEN_TIMEOUT_MS = 2000;

// Personal tokens are opaque; this only refuses what cannot be one (pasted prose, whole files).
const MAX_TOKEN_LENGTH = 512;

/**
 * `/uptime login`: verifies a pasted token with `GET /users/me?include=teams` and links it to the Slack user
 * (docs/architecture.md section 7: verified before storing, stored encrypted). A refused token is InvalidTokenError; network
 * trouble, timeouts and 5xx pass through as the client's typed errors so the modal can say "try again".
 */
export async function linkAccount(
  deps: ServiceDeps,
  ref: UserRef,
  pastedToken: string,
  options: { timeoutMs?: number } = {},
): Promise<LinkRecord> {
  const token = pastedToken.trim();
  if (token.length === 0) throw new InvalidTokenError("empty");
  if (token.length > MAX_TOKEN_LENGTH || /\s/.test(token)) throw new InvalidTokenError("malformed");
  let user: User;
  try {
    user = await deps.uptime.as(token).users.me({
      include: ["teams"],
      signal: AbortSignal.timeout(options.timeoutMs ?? VERIFY_TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof AuthenticationError) throw new InvalidTokenError("rejected");
    throw error;
  }
  const name = `${user.firstName} ${user.lastName}`.trim();
  return deps.links.save(ref, token, {
    apiUserId: user.id,
    apiUserName: name === "" ? (user.email ?? `user ${user.id}`) : name,
    ...(user.email ? { email: user.email } : {}),
    teams: teamsOf(user),
  });
}

/** The user's teams with their role in each (A3: `relationships.users[].meta.role` of each team). */
export function teamsOf(user: User): ApiTeam[] {
  const included = new Map((user.teams ?? []).map((team) => [team.id, team]));
  return user.teamIds.map((id) => {
    const team = included.get(id);
    const role = team?.members?.find((member) => member.userId === user.id)?.role;
    return { id, name: team?.name ?? `Team ${id}`, role: role ?? "unknown" };
  });
}

/** Whether two answers about a person's teams name the same teams with the same names and roles. */
export function sameTeams(a: readonly ApiTeam[], b: readonly ApiTeam[]): boolean {
  const key = (teams: readonly ApiTeam[]) => JSON.stringify(teams.map((t) => [t.id, t.name, t.role]));
  return key(a) === key(b);
}

/** `/uptime logout`: forgets the link. True when there was one. */
export function unlinkAccount(deps: ServiceDeps, ref: UserRef): Promise<boolean> {
  return deps.links.delete(ref);
}

/** `/uptime whoami`: the stored link (stale ones included, so the user can be told to relink), or null. */
export function whoAmI(deps: ServiceDeps, ref: UserRef): Promise<LinkRecord | null> {
  return deps.links.get(ref);
}
