import type { UserRef } from "../domain/workspace-ref";
import type { Channel } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam } from "./session-team";

export interface ChannelListView {
  team: { id: string; name: string };
  channels: Channel[];
}

/** `/uptime channels`: the active team's (or `teamId`'s) alert channels (GET /teams/{id}/channels, never paginated). */
export function listChannels(deps: ServiceDeps, ref: UserRef, teamId?: string): Promise<ChannelListView> {
  return withSession(deps, ref, async (session) => {
    const team = sessionTeam(session, teamId);
    return { team: { id: team.id, name: team.name }, channels: await session.api.teams.channels(team.id) };
  });
}
