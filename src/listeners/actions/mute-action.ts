import type { OverflowAction } from "@slack/bolt";
import { postChannelNote } from "../../slack/post-channel-note";
import { muteCodec } from "../../ui/codecs";
import { renderMuteNote } from "../../ui/render-subscribe-result";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { valueOfThisChannel } from "./value-of-this-channel";

/**
 * The Mute overflow of alert messages (actions.mute, muteCodec): mutes the monitor in the channel of the
 * message for the chosen hours, if the user is a linked member of the alert's team (services/mute-monitor.ts;
 * anyone else gets the reason and a Link button). The alert is redrawn "Muted here by @user until ..." and
 * the channel gets a note naming who muted.
 */
export function muteAction(deps: ListenerDeps) {
  return actionHandler<OverflowAction, { monitorId: string; channelId: string; hours: number }>({
    decode: ({ body }) => valueOfThisChannel(body, muteCodec.decode(body.actions[0]?.selected_option?.value)),
    outOfDate: { element: "menu", instead: "It belongs to an older alert: nothing was muted." },
    run: async ({ args, value, user }) => {
      const outcome = await deps.services.muteMonitor(user, {
        channelId: value.channelId,
        monitorId: value.monitorId,
        hours: value.hours,
      });
      await postChannelNote(args.client, args.respond, value.channelId, renderMuteNote(outcome, user.userId));
    },
  });
}
