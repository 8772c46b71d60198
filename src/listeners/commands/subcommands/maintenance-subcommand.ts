import { slackTimeZone } from "../../../slack/slack-time-zone";
import {
  renderMaintenanceEnded,
  renderMaintenanceList,
  renderMaintenancePlanned,
} from "../../../ui/render-maintenance";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime maintenance ...`: plan a quiet window of this channel, list them, or end one. The
 * answers are the planner's alone; the channel hears of a window at its start and end (the schedule's
 * notes). `--at HH:MM` is read in the planner's own Slack time zone.
 */
export const maintenanceSubcommand: SubcommandHandler<"maintenance"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const now = () => deps.clock.now();
  if (command.action === "list") {
    const windows = await deps.services.listMaintenance(user, channelId);
    await respond({ response_type: "ephemeral", ...renderMaintenanceList(windows, now()) });
    return;
  }
  if (command.action === "end") {
    const outcome = await deps.services.endMaintenance(user, { channelId, id: command.id });
    await respond({ response_type: "ephemeral", ...renderMaintenanceEnded(outcome.kind, outcome.window) });
    return;
  }
  const timeZone = command.at ? await slackTimeZone(client, user.userId, deps.logger) : "UTC";
  const window = await deps.services.planMaintenance(user, {
    channelId,
    target: command.target,
    minutes: command.minutes,
    at: command.at,
    timeZone,
    reason: command.reason,
    team: command.team,
  });
  await respond({ response_type: "ephemeral", ...renderMaintenancePlanned(window, now()) });
};
