import { availabilityChart } from "../../../ui/charts/stats-charts";
import { renderAvailability } from "../../../ui/render-availability";
import { attachChart } from "../../charts/attach-chart";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime availability [monitor | group:<name>] [24h|30d]`: the text at once, then its chart under it. */
export const availabilitySubcommand: SubcommandHandler<"availability"> = async (
  { command, user, respond, client },
  deps,
) => {
  const view = await deps.services.getAvailability(user, { target: command.target, period: command.period });
  const answer = renderAvailability(view);
  await respond({ response_type: "ephemeral", ...answer });
  const chart = availabilityChart(view);
  if (chart) await attachChart({ client, userId: user.userId, answer, respond, logger: deps.logger }, chart);
};
