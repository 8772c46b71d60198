import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { pageCodec } from "../../ui/ids";
import { renderIncidentList } from "../../ui/render-incident-list";
import { renderMonitorList } from "../../ui/render-monitor-list";
import { answerError } from "../answer-error";
import type { ListenerDeps } from "../listener-deps";
import { userRefFrom } from "../user-ref";

const OUT_OF_DATE = ":warning: This button is out of date. Run the command again for a fresh list.";

/**
 * Prev/Next of the monitor and incident lists (actions.monitorsPage* / incidentsPage*): the page and filters
 * travel in the button (pageCodec), the clicking user's own token reads the page, and the ephemeral list is
 * replaced in place (response_url, replace_original).
 */
export function pageNavAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    context,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const value = pageCodec.decode(body.actions[0]?.value);
    if (!value) {
      await respond({ response_type: "ephemeral", replace_original: false, text: OUT_OF_DATE });
      return;
    }
    const ref = userRefFrom(context, body.user.id);
    try {
      if (value.list === "monitors") {
        const view = await deps.services.listMonitors(ref, {
          teamId: value.teamId,
          page: value.page,
          text: value.text,
          state: value.state,
          group: value.group,
          sort: value.sort,
        });
        await respond({ response_type: "ephemeral", replace_original: true, ...renderMonitorList(view) });
      } else {
        const view = await deps.services.listIncidents(ref, {
          teamId: value.teamId,
          page: value.page,
          openOnly: value.openOnly ?? false,
        });
        await respond({
          response_type: "ephemeral",
          replace_original: true,
          ...renderIncidentList(view, deps.clock.now()),
        });
      }
    } catch (error) {
      await answerError(respond, error);
    }
  };
}
