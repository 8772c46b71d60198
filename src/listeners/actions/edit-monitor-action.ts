import type { ButtonAction } from "@slack/bolt";
import { monitorActionCodec } from "../../ui/codecs";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { openEditMonitorModal } from "../views/open-edit-monitor-modal";

/** The Edit button of monitor details (actions.editMonitor, value monitorActionCodec): the edit modal. */
export function editMonitorAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { monitorId: string }>({
    decode: ({ action }) => monitorActionCodec.decode(action.value),
    outOfDate: { element: "button", instead: "Use `/uptime edit <monitor>` instead." },
    run: ({ args, value, user }) =>
      openEditMonitorModal(deps, {
        client: args.client,
        triggerId: args.body.trigger_id,
        user,
        channelId: args.body.channel?.id,
        monitor: { monitorId: value.monitorId },
      }),
  });
}
