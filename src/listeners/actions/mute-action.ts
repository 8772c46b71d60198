import type { AllMiddlewareArgs, BlockAction, OverflowAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { muteCodec } from "../../ui/ids";
import { renderMuteNote } from "../../ui/render-subscribe-result";
import { answerError } from "../answer-error";
import type { ListenerDeps } from "../listener-deps";
import { postChannelNote } from "../post-channel-note";
import { userRefFrom } from "../user-ref";

const OUT_OF_DATE = ":warning: This menu is out of date: it belongs to an older alert. Nothing was muted.";

/**
 * The Mute overflow of alert messages (actions.mute, muteCodec): mutes the monitor in the channel of the
 * message for the chosen hours, if the user is a linked member of the alert's team (services/mute-monitor.ts;
 * anyone else gets the reason and a Link button). The alert is redrawn "Muted here by @user until ..." and
 * the channel gets a note naming who muted.
 */
export function muteAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    context,
    respond,
    client,
  }: SlackActionMiddlewareArgs<BlockAction<OverflowAction>> & AllMiddlewareArgs) => {
    await ack();
    const value = muteCodec.decode(body.actions[0]?.selected_option?.value);
    // The value names its channel; it must be the one the menu was clicked in (a copied message elsewhere
    // must not mute another channel).
    const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
    if (!value || (channelId !== undefined && channelId !== value.channelId)) {
      await respond({ response_type: "ephemeral", replace_original: false, text: OUT_OF_DATE });
      return;
    }
    try {
      const outcome = await deps.services.muteMonitor(userRefFrom(context, body.user.id), {
        channelId: value.channelId,
        monitorId: value.monitorId,
        hours: value.hours,
      });
      await postChannelNote(client, respond, value.channelId, renderMuteNote(outcome, body.user.id));
    } catch (error) {
      await answerError(respond, error);
    }
  };
}
