import { renderUnsubscribeResult } from "../../../ui/render-subscribe-result";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime unsubscribe [monitor:<name>]... [group:<name>]... | all`: ephemeral to the caller. */
export const unsubscribeSubcommand: SubcommandHandler<"unsubscribe"> = async (
  { command, user, channelId, respond },
  deps,
) => {
  const outcome = await deps.services.unsubscribe(user, {
    channelId,
    all: command.all,
    monitors: command.monitors,
    groups: command.groups,
  });
  await respond({ response_type: "ephemeral", ...renderUnsubscribeResult(outcome) });
};
