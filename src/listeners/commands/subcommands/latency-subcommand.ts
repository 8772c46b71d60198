import { renderLatency } from "../../../ui/render-latency";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime latency [monitor | group:<name>] [24h|30d]`. */
export const latencySubcommand: SubcommandHandler<"latency"> = async ({ command, user, respond }, deps) => {
  const view = await deps.services.getLatency(user, { target: command.target, period: command.period });
  await respond({ response_type: "ephemeral", ...renderLatency(view) });
};
