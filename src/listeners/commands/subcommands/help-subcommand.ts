import { renderHelp } from "../../../ui/render-help";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime help [topic]`, and every input the parser did not understand. */
export const helpSubcommand: SubcommandHandler<"help"> = async ({ command, respond }) => {
  await respond({ response_type: "ephemeral", ...renderHelp(command) });
};
