import { slackTimeZone } from "../../../slack/slack-time-zone";
import { fairShareSentence } from "../../../ui/fair-share-text";
import { renderChannelUnreachable } from "../../../ui/render-subscribe-result";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime digest [daily|weekly]`: the channel's digest, posted now in the channel (the message is the
 * answer, as with subscribe). When the app cannot post there, the asker alone hears how to fix it. Its
 * chart spends one of the asker's charts: past their share the digest
 * is posted without it, and the asker alone hears when the next chart comes.
 */
export const digestSubcommand: SubcommandHandler<"digest"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const timeZone = await slackTimeZone(client, user.userId, deps.logger);
  const share = await deps.services.takeFairShare(user, "chart");
  const outcome = await deps.services.postDigest(user, {
    channelId,
    cadence: command.cadence,
    timeZone,
    withChart: share.ok,
  });
  if (outcome.kind === "unreachable") {
    await respond({ response_type: "ephemeral", ...renderChannelUnreachable(outcome.error) });
  } else if (!share.ok) {
    const text = fairShareSentence("chart", share.waitMs);
    await respond({ response_type: "ephemeral", text: `The digest is posted without its chart. ${text}` });
  }
};
