import { renderAvailability } from "../../../ui/render-availability";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime availability [monitor | group:<name>] [24h|30d]`. */
export const availabilitySubcommand: SubcommandHandler<"availability"> = async (
  { command, user, respond },
  deps,
) => {
  const view = await deps.services.getAvailability(user, { target: command.target, period: command.period });
  await respond({ response_type: "ephemeral", ...renderAvailability(view) });
};
