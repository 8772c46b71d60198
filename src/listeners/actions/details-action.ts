import type { ButtonAction } from "@slack/bolt";
import { detailsCodec } from "../../ui/codecs";
import { renderIncident } from "../../ui/render-incident";
import { renderMonitorDetails } from "../../ui/render-monitor-details";
import { withShareButton } from "../../ui/share-button";
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
    run: async ({ args, value, user, answer }) => {
      const channelId = args.body.channel?.id;
      if (value.incidentId) {
        const view = await deps.services.getIncident(user, value.incidentId);
        const command = { kind: "incident" as const, incidentId: value.incidentId };
        await answer.message(
          withShareButton(renderIncident(view, deps.clock.now(), deps.webLinks), command, channelId, {
            teamId: view.teamId,
          }),
        );
        return;
      }
      const view = await deps.services.monitorDetailsById(user, value.monitorId);
      const command = { kind: "monitor" as const, monitor: value.monitorId };
      await answer.message(
        withShareButton(renderMonitorDetails(view, deps.clock.now(), deps.webLinks), command, channelId, {
          teamId: view.teamId,
          monitorId: view.monitor.id,
        }),
      );
    },
  });
}
