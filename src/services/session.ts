import type { UserRef } from "../domain/workspace-ref";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import { AuthenticationError, type UptimeApi } from "../uptime";
import { apiBudgetGate } from "./api-budget-gate";
import { NoTeamError, NotLinkedError, StaleLinkError } from "./errors";
import type { ServiceDeps } from "./service-deps";
import { refusedTokenError } from "./token-refusal";

/** A linked Slack user, ready to call the API with their own token (docs/architecture.md section 7). */
export interface UserSession {
  ref: UserRef;
  link: LinkRecord;
  /** The token `api` calls with: a refusal is confirmed, and dropped, for this very token (token-refusal.ts). */
  token: string;
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
  // Interactive calls spend from the token's interactive share, never from the polls' reserve (A12).
  const gate = deps.apiBudget && apiBudgetGate(deps.apiBudget, token, deps.logger, deps.apiBudgetWaitMs);
  return { ref, link, token, api: deps.uptime.as(token, gate), team };
}

/**
 * Runs `work` in the caller's session. A 401 from the API is a suspicion (token-refusal.ts): confirmed by
 * `GET /users/me`, the token is dropped and the user is asked to link again (StaleLinkError); otherwise they
 * stay linked and are told the API refused this request (RequestRefusedError).
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
    if (error instanceof AuthenticationError) throw await refusedTokenError(deps, ref, session.token);
    throw error;
  }
}
