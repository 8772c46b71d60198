import { renderMonitorPaused } from "../../../ui/render-monitor-paused";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime pause <monitor>`: disables it with the caller's own token (A7). */
export const pauseSubcommand: SubcommandHandler<"pause"> = async ({ command, user, respond }, deps) => {
  const { monitor, changed } = await deps.services.pauseMonitor(user, { query: command.monitor });
  await respond({ response_type: "ephemeral", ...renderMonitorPaused({ monitor, paused: true, changed }) });
};
