import type { OverflowAction } from "@slack/bolt";
import { postChannelNote } from "../../slack/post-channel-note";
import { muteCodec, muteUntilRecoveredCodec } from "../../ui/codecs";
import { renderMuteNote } from "../../ui/render-subscribe-result";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { valueOfThisChannel } from "./value-of-this-channel";

type MuteChoice = { monitorId: string; channelId: string } & (
  | { hours: number; incidentId?: undefined }
  | { hours?: undefined; incidentId: string }
);

/** The chosen option: 1, 4 or 24 h (muteCodec), or until the alert's incident recovers. */
function decodeChoice(value: string | undefined): MuteChoice | null {
  const timed = muteCodec.decode(value);
  if (timed) return timed;
  const untilRecovered = muteUntilRecoveredCodec.decode(value);
  return untilRecovered;
}

/**
 * The Mute overflow of alert messages (actions.mute, muteCodec or muteUntilRecoveredCodec): mutes the
 * monitor in the channel of the message for the chosen hours or until the alert's incident recovers, if the
 * user is a linked member of the alert's team (services/mute-monitor.ts; anyone else gets the reason and a
 * Link button). The alert is redrawn "Muted here by @user until ..." and the channel gets a note naming who
 * muted.
 */
export function muteAction(deps: ListenerDeps) {
  return actionHandler<OverflowAction, MuteChoice>({
    decode: ({ body }) => valueOfThisChannel(body, decodeChoice(body.actions[0]?.selected_option?.value)),
    outOfDate: { element: "menu", instead: "It belongs to an older alert: nothing was muted." },
    run: async ({ args, value, user }) => {
      const outcome = await deps.services.muteMonitor(user, {
        channelId: value.channelId,
        monitorId: value.monitorId,
        hours: value.hours ?? 0,
        untilRecovered: value.incidentId !== undefined ? { incidentId: value.incidentId } : undefined,
      });
      await postChannelNote(args.client, args.respond, value.channelId, renderMuteNote(outcome, user.userId));
    },
  });
}
