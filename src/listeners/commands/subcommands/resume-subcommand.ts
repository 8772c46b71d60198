import { renderMonitorPaused } from "../../../ui/render-monitor-paused";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime resume <monitor>`: enables it again with the caller's own token (A7). */
export const resumeSubcommand: SubcommandHandler<"resume"> = async ({ command, user, respond }, deps) => {
  const { monitor, changed } = await deps.services.resumeMonitor(user, { query: command.monitor });
  await respond({ response_type: "ephemeral", ...renderMonitorPaused({ monitor, paused: false, changed }) });
};
