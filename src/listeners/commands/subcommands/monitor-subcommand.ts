import { monitorDetailsChart } from "../../../ui/charts/stats-charts";
import { renderMonitorDetails } from "../../../ui/render-monitor-details";
import { attachChart } from "../../charts/attach-chart";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime monitor <name or id>`: one monitor in detail (MonitorNotFoundError suggests the closest names),
 * then its 24 h availability chart under it. (The alert's Details button answers without a chart: its
 * response_url's replace_original would replace the alert itself, not the details.)
 */
export const monitorSubcommand: SubcommandHandler<"monitor"> = async (
  { command, user, respond, client },
  deps,
) => {
  const view = await deps.services.monitorDetails(user, command.monitor);
  const answer = renderMonitorDetails(view, deps.clock.now(), deps.webLinks);
  await respond({ response_type: "ephemeral", ...answer });
  const chart = monitorDetailsChart(view.monitor);
  if (chart) await attachChart({ client, userId: user.userId, answer, respond, logger: deps.logger }, chart);
};
