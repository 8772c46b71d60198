import { renderMonitorDetails } from "../../../ui/render-monitor-details";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime monitor <name or id>`: one monitor in detail (MonitorNotFoundError suggests the closest names). */
export const monitorSubcommand: SubcommandHandler<"monitor"> = async ({ command, user, respond }, deps) => {
  const view = await deps.services.monitorDetails(user, command.monitor);
  await respond({ response_type: "ephemeral", ...renderMonitorDetails(view, deps.clock.now()) });
};
