import type { ApiTeam, LinkRecord } from "../store/link-store";
import type { UserRef } from "../store/workspace";
import { AuthenticationError, type UptimeApi } from "../uptime";
import { NoTeamError, NotLinkedError, StaleLinkError } from "./errors";
import type { ServiceDeps } from "./service-deps";

/** A linked Slack user, ready to call the API with their own token (DESIGN.md 7). */
export interface UserSession {
  ref: UserRef;
  link: LinkRecord;
  api: UptimeApi;
  /** The active API team (chosen with `/uptime team`, else the first). */
  team: ApiTeam;
}

/** Opens the caller's session; NotLinkedError / StaleLinkError / NoTeamError when that is impossible. */
export async function openSession(deps: ServiceDeps, ref: UserRef): Promise<UserSession> {
  const found = await deps.links.getWithToken(ref);
  if (!found) throw new NotLinkedError();
  const { link, token } = found;
  if (link.stale || !token) throw new StaleLinkError();
  const team = link.teams.find((t) => t.id === link.activeTeamId) ?? link.teams[0];
  if (!team) throw new NoTeamError();
  return { ref, link, api: deps.uptime.as(token), team };
}

/**
 * Runs `work` in the caller's session. A 401 from the API means the token was revoked or expired: the
 * link is marked stale (its token dropped) and the user is asked to link again, once, clearly.
 */
export async function withSession<T>(
  deps: ServiceDeps,
  ref: UserRef,
  work: (session: UserSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(deps, ref);
  try {
    return await work(session);
  } catch (error) {
    if (error instanceof AuthenticationError) {
      await deps.links.markStale(ref);
      throw new StaleLinkError();
    }
    throw error;
  }
}
