import { slackTimeZone } from "../../../slack/slack-time-zone";
import { renderChannelUnreachable } from "../../../ui/render-subscribe-result";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime digest [daily|weekly]`: the channel's digest, posted now in the channel (the message is the
 * answer, as with subscribe). When the app cannot post there, the asker alone hears how to fix it.
 */
export const digestSubcommand: SubcommandHandler<"digest"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const timeZone = await slackTimeZone(client, user.userId, deps.logger);
  const outcome = await deps.services.postDigest(user, { channelId, cadence: command.cadence, timeZone });
  if (outcome.kind === "unreachable") {
    await respond({ response_type: "ephemeral", ...renderChannelUnreachable(outcome.error) });
  }
};
