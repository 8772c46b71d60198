import type { ButtonAction } from "@slack/bolt";
import { postChannelNote } from "../../slack/post-channel-note";
import { rollupCodec } from "../../ui/codecs";
import { ROLLUP_MUTE_HOURS } from "../../ui/ids";
import { renderMuteRollupNote } from "../../ui/render-rollup-results";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { valueOfThisChannel } from "./value-of-this-channel";

/**
 * Mute all on a storm roll-up (actions.rollupMuteAll, rollupCodec): each monitor of the roll-up still down
 * is muted in this channel for ROLLUP_MUTE_HOURS (services/mute-rollup.ts), and the channel hears who did.
 */
export function rollupMuteAllAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { teamId: string; channelId: string }>({
    decode: ({ body }) => valueOfThisChannel(body, rollupCodec.decode(body.actions[0]?.value)),
    outOfDate: { element: "button", instead: "It belongs to an older alert: nothing was muted." },
    run: async ({ args, value, user }) => {
      const outcome = await deps.services.muteRollup(user, {
        channelId: value.channelId,
        apiTeamId: value.teamId,
        hours: ROLLUP_MUTE_HOURS,
      });
      await postChannelNote(
        args.client,
        args.respond,
        value.channelId,
        renderMuteRollupNote(outcome, user.userId),
      );
    },
  });
}
