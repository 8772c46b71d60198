import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { detailsCodec } from "../../ui/ids";
import { renderMonitorDetails } from "../../ui/render-monitor-details";
import { answerError } from "../answer-error";
import type { ListenerDeps } from "../listener-deps";
import { userRefFrom } from "../user-ref";

const OUT_OF_DATE = ":warning: This button is out of date. `/uptime monitor <name>` shows the monitor.";

/**
 * Details button of alert messages (actions.details, detailsCodec): the same details as `/uptime monitor`,
 * read with the clicking user's own token and shown only to them, in that channel. The alert stays as it is.
 */
export function detailsAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    context,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const value = detailsCodec.decode(body.actions[0]?.value);
    if (!value) {
      await respond({ response_type: "ephemeral", replace_original: false, text: OUT_OF_DATE });
      return;
    }
    try {
      const view = await deps.services.monitorDetailsById(
        userRefFrom(context, body.user.id),
        value.monitorId,
      );
      await respond({
        response_type: "ephemeral",
        replace_original: false,
        ...renderMonitorDetails(view, deps.clock.now()),
      });
    } catch (error) {
      await answerError(respond, error);
    }
  };
}
