import { openEditMonitorModal } from "../../views/open-edit-monitor-modal";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime edit <monitor>`: the create-monitor modal filled with the monitor, saved with PATCH. */
export const editSubcommand: SubcommandHandler<"edit"> = async (
  { command, user, channelId, triggerId, client },
  deps,
) => {
  await openEditMonitorModal(deps, {
    client,
    triggerId,
    user,
    channelId,
    monitor: { query: command.monitor },
  });
};
