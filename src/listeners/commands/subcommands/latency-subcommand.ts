import { latencyChart } from "../../../ui/charts/stats-charts";
import { renderLatency } from "../../../ui/render-latency";
import { attachChart } from "../../charts/attach-chart";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime latency [monitor | group:<name>] [24h|30d]`: the text at once, then its chart under it. */
export const latencySubcommand: SubcommandHandler<"latency"> = async (
  { command, user, respond, client },
  deps,
) => {
  const view = await deps.services.getLatency(user, { target: command.target, period: command.period });
  const answer = renderLatency(view);
  await respond({ response_type: "ephemeral", ...answer });
  const chart = latencyChart(view);
  if (chart) await attachChart({ client, userId: user.userId, answer, respond, logger: deps.logger }, chart);
};
