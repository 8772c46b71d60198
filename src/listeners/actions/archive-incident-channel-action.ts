import type { ButtonAction } from "@slack/bolt";
import { archiveChannelCodec } from "../../ui/codecs";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Archive on an incident channel's recovery summary (actions.archiveIncidentChannel, archiveChannelCodec). Who may is the role table's: someone in that very channel (services/incident-channel.ts), so a
 * copied message must not archive another one. The channel hears who archived it; nothing else is
 * answered (an archived channel takes no ephemeral).
 */
export function archiveIncidentChannelAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { teamId: string; channelId: string; clickedIn: string | undefined }>({
    decode: ({ body }) => {
      const value = archiveChannelCodec.decode(body.actions[0]?.value);
      const clickedIn = body.channel?.id ?? (body.container.channel_id as string | undefined);
      return value ? { ...value, clickedIn } : null;
    },
    outOfDate: { element: "button", instead: "Nothing was archived." },
    run: async ({ value, user }) => {
      await deps.services.archiveIncidentChannel(user, {
        apiTeamId: value.teamId,
        channelId: value.channelId,
        clickedInChannelId: value.clickedIn,
      });
    },
  });
}
