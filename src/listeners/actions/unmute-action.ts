import type { ButtonAction } from "@slack/bolt";
import { postChannelNote } from "../../slack/post-channel-note";
import { unmuteCodec } from "../../ui/codecs";
import { renderNotMuted, renderUnmuteNote } from "../../ui/render-subscribe-result";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { valueOfThisChannel } from "./value-of-this-channel";

/**
 * The Unmute button of a muted alert message (actions.unmute, unmuteCodec): lifts the monitor's mute in the
 * channel (a linked member of the alert's team only), redraws the alert, and notes who did it in the channel.
 */
export function unmuteAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { monitorId: string; channelId: string }>({
    decode: ({ body }) => valueOfThisChannel(body, unmuteCodec.decode(body.actions[0]?.value)),
    outOfDate: { element: "button", instead: "It belongs to an older alert: nothing was unmuted." },
    run: async ({ args, value, user, answer }) => {
      const outcome = await deps.services.unmuteMonitor(user, {
        channelId: value.channelId,
        monitorId: value.monitorId,
      });
      if (outcome.kind === "not-muted") {
        await answer.message(renderNotMuted());
        return;
      }
      await postChannelNote(
        args.client,
        args.respond,
        value.channelId,
        renderUnmuteNote(outcome.mute, user.userId),
      );
    },
  });
}
