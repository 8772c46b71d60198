import { closestMatches } from "../lib/closest-matches";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import type { UserRef } from "../store/workspace";
import { NotLinkedError, StaleLinkError } from "./errors";
import type { ServiceDeps } from "./service-deps";

export type TeamChoice =
  | { kind: "chosen"; link: LinkRecord; team: ApiTeam }
  | { kind: "no-match"; link: LinkRecord; query: string; suggestions: ApiTeam[] };

/** The caller's link for team listing and choosing; stale links must be renewed first. */
export async function linkForTeams(deps: ServiceDeps, ref: UserRef): Promise<LinkRecord> {
  const link = await deps.links.get(ref);
  if (!link) throw new NotLinkedError();
  if (link.stale) throw new StaleLinkError();
  return link;
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
