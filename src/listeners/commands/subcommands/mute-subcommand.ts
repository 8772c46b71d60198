import { postChannelNote } from "../../../slack/post-channel-note";
import { renderMuteNote } from "../../../ui/render-subscribe-result";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime mute <monitor> <duration | until-recovered>`: the alert's Mute menu for a typed
 * monitor; the channel is told who muted, as with the menu.
 */
export const muteSubcommand: SubcommandHandler<"mute"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const outcome = await deps.services.muteTyped(user, {
    channelId,
    query: command.monitor,
    duration: command.duration,
  });
  await postChannelNote(client, respond, channelId, renderMuteNote(outcome, user.userId));
};
