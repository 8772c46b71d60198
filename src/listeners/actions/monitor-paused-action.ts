import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { errorText } from "../../ui/error-text";
import { monitorActionCodec, pendingActionCodec } from "../../ui/ids";
import { renderErrorMessage } from "../../ui/render-error-message";
import { renderMonitorPaused } from "../../ui/render-monitor-paused";
import type { Rendered } from "../../ui/reply";
import { answerUser } from "../answer-user";
import type { ListenerDeps } from "../listener-deps";
import { userRefFrom } from "../user-ref";

const OUT_OF_DATE: Rendered = {
  text: "This button is out of date. Use `/uptime pause <monitor>` or `/uptime resume <monitor>` instead.",
};

/**
 * The Pause / Resume buttons: the same use case as `/uptime pause|resume`, for the monitor in the button's
 * value, answered to the clicking user only. An ephemeral source message is replaced by the answer (its
 * buttons would be stale); a channel message stays and gets an ephemeral answer; App Home answers in the DM.
 */
export function monitorPausedAction(deps: ListenerDeps, paused: boolean) {
  return async ({
    ack,
    body,
    action,
    client,
    context,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const answer = async (message: Rendered) => {
      if (body.response_url) {
        const replace = body.container?.type === "message" && body.container.is_ephemeral === true;
        await respond({ response_type: "ephemeral", replace_original: replace, ...message });
      } else {
        await answerUser(client, deps.logger, { userId: body.user.id, channelId: body.channel?.id }, message);
      }
    };
    const value = monitorActionCodec.decode(action.value);
    if (!value) {
      await answer(OUT_OF_DATE);
      return;
    }
    const user = userRefFrom(context, body.user.id);
    try {
      const target = { monitorId: value.monitorId };
      const result = paused
        ? await deps.services.pauseMonitor(user, target)
        : await deps.services.resumeMonitor(user, target);
      await answer(renderMonitorPaused({ monitor: result.monitor, paused, changed: result.changed }));
    } catch (error) {
      const text = errorText(error);
      // After linking, the login flow completes what was clicked (pendingActionCodec, DESIGN.md section 1).
      const pending = pendingActionCodec.encode({
        action: paused ? "pause" : "resume",
        monitorId: value.monitorId,
      });
      await answer(renderErrorMessage(text, text.offerLink ? pending : undefined));
      if (text.unexpected) throw error;
    }
  };
}
