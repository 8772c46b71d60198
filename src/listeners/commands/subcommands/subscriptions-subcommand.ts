import { renderSubscriptions } from "../../../ui/render-subscriptions";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime subscriptions`: the channel's alert subscriptions, ephemeral to the caller. */
export const subscriptionsSubcommand: SubcommandHandler<"subscriptions"> = async (
  { user, channelId, respond },
  deps,
) => {
  const view = await deps.services.listChannelSubscriptions(user, channelId);
  await respond({ response_type: "ephemeral", ...renderSubscriptions(view) });
};
