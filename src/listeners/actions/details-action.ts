import type { ButtonAction } from "@slack/bolt";
import { detailsCodec } from "../../ui/codecs";
import { renderMonitorDetails } from "../../ui/render-monitor-details";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Details button of alert messages (actions.details, detailsCodec): the same details as `/uptime monitor`,
 * read with the clicking user's own token and shown only to them, in that channel. The alert stays as it is.
 */
export function detailsAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { monitorId: string }>({
    decode: ({ body }) => detailsCodec.decode(body.actions[0]?.value),
    outOfDate: { element: "button", instead: "`/uptime monitor <name>` shows the monitor." },
    run: async ({ value, user, answer }) => {
      const view = await deps.services.monitorDetailsById(user, value.monitorId);
      await answer.message(renderMonitorDetails(view, deps.clock.now()));
    },
  });
}
