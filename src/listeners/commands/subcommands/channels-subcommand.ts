import { renderChannels } from "../../../ui/render-channels";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime channels`: the team's alert channels. */
export const channelsSubcommand: SubcommandHandler<"channels"> = async ({ user, respond }, deps) => {
  const view = await deps.services.listChannels(user);
  await respond({ response_type: "ephemeral", ...renderChannels(view) });
};
