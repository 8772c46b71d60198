import type { ButtonAction } from "@slack/bolt";
import { detailsCodec } from "../../ui/codecs";
import { renderIncident } from "../../ui/render-incident";
import { renderMonitorDetails } from "../../ui/render-monitor-details";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Details button of alert messages (actions.details, detailsCodec): the same view as `/uptime incident <id>`,
 * read with the clicking user's own token and shown only to them, in that channel. The alert stays as it
 * is. A button posted before the value named the incident shows the monitor's details, as it did then.
 */
export function detailsAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { monitorId: string; incidentId?: string | undefined }>({
    decode: ({ body }) => detailsCodec.decode(body.actions[0]?.value),
    outOfDate: { element: "button", instead: "`/uptime incident <id>` shows the incident." },
    run: async ({ value, user, answer }) => {
      if (value.incidentId) {
        const view = await deps.services.getIncident(user, value.incidentId);
        await answer.message(renderIncident(view, deps.clock.now(), deps.webLinks));
        return;
      }
      const view = await deps.services.monitorDetailsById(user, value.monitorId);
      await answer.message(renderMonitorDetails(view, deps.clock.now(), deps.webLinks));
    },
  });
}
