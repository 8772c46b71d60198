import { openCreateMonitorModal } from "../../views/open-create-monitor-modal";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime create`: the create-monitor modal, opened with the command's trigger_id. Only Redis is read
 * before views.open (the trigger expires in 3 s); an unlinked user gets the ephemeral Link prompt from the
 * command's error mapping instead.
 */
export const createSubcommand: SubcommandHandler<"create"> = async (
  { user, channelId, triggerId, client },
  deps,
) => {
  await openCreateMonitorModal(deps, { client, triggerId, user, channelId, linkFirstModal: false });
};
