import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { errorText } from "../../ui/error-text";
import { renderErrorMessage } from "../../ui/render-error-message";
import type { ListenerDeps } from "../listener-deps";
import { userRefFrom } from "../user-ref";
import { openCreateMonitorModal } from "../views/open-create-monitor-modal";

/**
 * The "Create monitor" button (App Home, messages): the same modal as `/uptime create`. From App Home an
 * unlinked user gets the small "link first" modal; from a message, an ephemeral Link prompt.
 */
export function openCreateMonitorAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    client,
    context,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const user = userRefFrom(context, body.user.id);
    const fromMessage = body.container?.type === "message" && body.response_url !== undefined;
    try {
      await openCreateMonitorModal(deps, {
        client,
        triggerId: body.trigger_id,
        user,
        channelId: body.channel?.id,
        linkFirstModal: !fromMessage,
      });
    } catch (error) {
      const text = errorText(error);
      if (fromMessage) {
        await respond({ response_type: "ephemeral", replace_original: false, ...renderErrorMessage(text) });
      }
      if (text.unexpected || !fromMessage) throw error;
    }
  };
}
