import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { unmuteCodec } from "../../ui/ids";
import { renderNotMuted, renderUnmuteNote } from "../../ui/render-subscribe-result";
import { answerError } from "../answer-error";
import type { ListenerDeps } from "../listener-deps";
import { postChannelNote } from "../post-channel-note";
import { userRefFrom } from "../user-ref";

const OUT_OF_DATE =
  ":warning: This button is out of date: it belongs to an older alert. Nothing was unmuted.";

/**
 * The Unmute button of a muted alert message (actions.unmute, unmuteCodec): lifts the monitor's mute in the
 * channel (a linked member of the alert's team only), redraws the alert, and notes who did it in the channel.
 */
export function unmuteAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    context,
    respond,
    client,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const value = unmuteCodec.decode(body.actions[0]?.value);
    // As for Mute: the button must be clicked in the channel it names.
    const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
    if (!value || (channelId !== undefined && channelId !== value.channelId)) {
      await respond({ response_type: "ephemeral", replace_original: false, text: OUT_OF_DATE });
      return;
    }
    try {
      const outcome = await deps.services.unmuteMonitor(userRefFrom(context, body.user.id), {
        channelId: value.channelId,
        monitorId: value.monitorId,
      });
      if (outcome.kind === "not-muted") {
        await respond({ response_type: "ephemeral", replace_original: false, ...renderNotMuted() });
        return;
      }
      await postChannelNote(client, respond, value.channelId, renderUnmuteNote(outcome.mute, body.user.id));
    } catch (error) {
      await answerError(respond, error);
    }
  };
}
