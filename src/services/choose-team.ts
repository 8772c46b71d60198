import type { UserRef } from "../domain/workspace-ref";
import { closestMatches } from "../lib/closest-matches";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import { AuthenticationError } from "../uptime";
import { NotLinkedError, StaleLinkError } from "./errors";
import { sameTeams, teamsOf } from "./link-account";
import type { ServiceDeps } from "./service-deps";
import { refusedTokenError } from "./token-refusal";

export type TeamChoice =
  | { kind: "chosen"; link: LinkRecord; team: ApiTeam }
  | { kind: "no-match"; link: LinkRecord; query: string; suggestions: ApiTeam[] };

/**
 * The caller's link for team listing and choosing, with the teams re-read from `GET /users/me?include=teams`
 * so that a team joined after login appears. Stale links must be renewed first; a 401 follows the
 * one token policy (token-refusal.ts), as every call does. When the API cannot answer, the teams stored at login are shown: a list
 * of teams is no reason to fail.
 */
export async function linkForTeams(deps: ServiceDeps, ref: UserRef): Promise<LinkRecord> {
  const found = await deps.links.getWithToken(ref);
  if (!found) throw new NotLinkedError();
  const { link, token } = found;
  if (link.stale || !token) throw new StaleLinkError();
  let teams: ApiTeam[];
  try {
    teams = teamsOf(await deps.uptime.as(token).users.me({ include: ["teams"] }));
  } catch (error) {
    if (error instanceof AuthenticationError) throw await refusedTokenError(deps, ref, token);
    deps.logger.warn({ err: error }, "teams not re-read: showing the ones stored at login");
    return link;
  }
  return sameTeams(teams, link.teams) ? link : deps.links.updateTeams(ref, teams);
}

/**
 * `/uptime team <id or name>` and the team select: an exact id, else a case-insensitive name (exact, or
 * contained in one team's name only) becomes the active team; anything else gives the closest names as
 * suggestions and changes nothing.
 */
export async function chooseTeam(deps: ServiceDeps, ref: UserRef, query: string): Promise<TeamChoice> {
  const link = await linkForTeams(deps, ref);
  const wanted = query.trim();
  const lower = wanted.toLowerCase();
  // A name contained in exactly one team's name is unambiguous enough ("staging" -> "Acme Staging").
  const containing = link.teams.filter((t) => lower !== "" && t.name.toLowerCase().includes(lower));
  const team =
    link.teams.find((t) => t.id === wanted) ??
    link.teams.find((t) => t.name.toLowerCase() === lower) ??
    (containing.length === 1 ? containing[0] : undefined);
  if (!team) {
    return { kind: "no-match", link, query: wanted, suggestions: closestMatches(wanted, link.teams) };
  }
  const updated = await deps.links.setActiveTeam(ref, team.id);
  return { kind: "chosen", link: updated, team };
}
