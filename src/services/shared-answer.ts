import type { UserRef } from "../domain/workspace-ref";
import { NotFoundError, PermissionDeniedError } from "../uptime";
import { linkForTeams } from "./choose-team";
import type { ServiceDeps } from "./service-deps";

/** A shared answer read again, or why not: the clicker is no longer in the team it showed. */
export type SharedRead<T> = { kind: "read"; value: T } | { kind: "not-member"; teamName: string | null };

/**
 * Whether the API refused `teamId` itself: a 403 on any read, or a 404 of one of the team's own paths. The
 * reference lets the service answer either for a team the caller is not in (Errors: "401, 403, 404 can be
 * returned by almost every request"); a 404 of a monitor or an incident only says that one is gone.
 */
export function isTeamRefusal(error: unknown, teamId: string): boolean {
  if (error instanceof PermissionDeniedError) return true;
  if (!(error instanceof NotFoundError)) return false;
  // The path carries the base path of UPTIME_API_URL before /teams; the team ids are digits (apiId).
  return new RegExp(`/teams/${teamId}(?:[/?]|$)`).test(error.path);
}

/**
 * Reads an answer again for Share in channel, in the team it showed, as the clicker: only while
 * they are still a member of it. Their teams are re-read from `GET /users/me?include=teams` (linkForTeams),
 * so a removal since their login counts; a 403 or the team's 404 from the read itself counts too. Never
 * changes the clicker's active team: `read` reads `teamId` explicitly.
 */
export async function readAsMemberOf<T>(
  deps: ServiceDeps,
  ref: UserRef,
  teamId: string,
  read: () => Promise<T>,
): Promise<SharedRead<T>> {
  // The name as the clicker knew the team before the re-read, which forgets a team they left.
  const known = await deps.links.get(ref).catch(() => null);
  const teamName = known?.teams.find((t) => t.id === teamId)?.name ?? null;
  const link = await linkForTeams(deps, ref);
  if (!link.teams.some((t) => t.id === teamId)) return { kind: "not-member", teamName };
  try {
    return { kind: "read", value: await read() };
  } catch (error) {
    if (isTeamRefusal(error, teamId)) return { kind: "not-member", teamName };
    throw error;
  }
}
