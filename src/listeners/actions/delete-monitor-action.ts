import type { ButtonAction } from "@slack/bolt";
import { monitorActionCodec } from "../../ui/codecs";
import { renderMonitorDeleted } from "../../ui/render-delete-monitor";
import { answerWhereButtonClicked } from "../answer-where-clicked";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * The Delete button, after Slack's confirm dialog (actions.deleteMonitor, value monitorActionCodec): deletes
 * with the clicking user's own token and says so to them only, where they clicked.
 */
export function deleteMonitorAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { monitorId: string }>({
    decode: ({ action }) => monitorActionCodec.decode(action.value),
    outOfDate: { element: "button", instead: "Use `/uptime delete <monitor>` instead." },
    answerIn: answerWhereButtonClicked(deps),
    run: async ({ value, user, answer }) => {
      const monitor = await deps.services.deleteMonitor(user, { monitorId: value.monitorId });
      await answer.message(renderMonitorDeleted(monitor));
    },
  });
}
