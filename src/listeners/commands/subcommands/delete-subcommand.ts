import { renderDeleteMonitorConfirm } from "../../../ui/render-delete-monitor";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime delete <monitor>`: names the monitor and offers Delete behind Slack's confirm dialog. */
export const deleteSubcommand: SubcommandHandler<"delete"> = async ({ command, user, respond }, deps) => {
  const monitor = await deps.services.monitorToDelete(user, command.monitor);
  await respond({ response_type: "ephemeral", ...renderDeleteMonitorConfirm(monitor) });
};
