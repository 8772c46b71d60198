import type { UserRef } from "../store/workspace";
import type { Channel } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

export interface ChannelListView {
  team: { id: string; name: string };
  channels: Channel[];
}

/** `/uptime channels`: the active team's alert channels (GET /teams/{id}/channels, never paginated). */
export function listChannels(deps: ServiceDeps, ref: UserRef): Promise<ChannelListView> {
  return withSession(deps, ref, async ({ api, team }) => ({
    team: { id: team.id, name: team.name },
    channels: await api.teams.channels(team.id),
  }));
}
