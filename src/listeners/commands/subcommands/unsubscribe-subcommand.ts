import { postChannelNote } from "../../../slack/post-channel-note";
import { renderUnsubscribeResult } from "../../../ui/render-subscribe-result";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime unsubscribe [monitor:<name>]... [group:<name>]... | all`: what was removed goes to the channel,
 * naming who removed it (alerts never stop without a trace); "nothing matched" only to the caller.
 */
export const unsubscribeSubcommand: SubcommandHandler<"unsubscribe"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const outcome = await deps.services.unsubscribe(user, {
    channelId,
    all: command.all,
    monitors: command.monitors,
    groups: command.groups,
  });
  const rendered = renderUnsubscribeResult(outcome, user.userId);
  if (outcome.kind === "removed") await postChannelNote(client, respond, channelId, rendered);
  else await respond({ response_type: "ephemeral", ...rendered });
};
