import { postChannelNote } from "../../../slack/post-channel-note";
import { renderUnmuteNote } from "../../../ui/render-subscribe-result";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime unmute <monitor>`: lifts a mute of this channel; the channel is told who did it. */
export const unmuteSubcommand: SubcommandHandler<"unmute"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const outcome = await deps.services.unmuteMonitor(user, { channelId, query: command.monitor });
  // A typed monitor either matched a live mute or threw NotMutedError: "not-muted" is the button's case.
  if (outcome.kind === "unmuted") {
    await postChannelNote(client, respond, channelId, renderUnmuteNote(outcome.mute, user.userId));
  }
};
