import type { ApiTeam } from "../store/link-store";
import { NoTeamError } from "./errors";
import type { UserSession } from "./session";

/** A view and the API team it was read in (for a Share button), where the view does not say. */
export type TeamRead<V> = V & { teamId: string };

/**
 * The API team a query works on: the one a button was rendered for (`teamId`, e.g. a Prev/Next value) when
 * the user still belongs to it, else the session's active team. A button of a team the user has left gives
 * NoTeamError rather than silently showing another team's data under the old message.
 */
export function sessionTeam(session: UserSession, teamId?: string): ApiTeam {
  if (teamId === undefined) return session.team;
  const team = session.link.teams.find((t) => t.id === teamId);
  if (!team) throw new NoTeamError(teamId);
  return team;
}
