import type { ButtonAction } from "@slack/bolt";
import { stillOnItCodec } from "../../ui/codecs";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Still on it under a reminder (actions.stillOnIt, stillOnItCodec): records who and restarts the period;
 * the next reminder names them. The clicker alone hears whether it counted.
 */
export function stillOnItAction(deps: ListenerDeps) {
  return actionHandler<
    ButtonAction,
    { subscriptionId: string; incidentId: string; channelId: string | undefined }
  >({
    decode: ({ body }) => {
      const value = stillOnItCodec.decode(body.actions[0]?.value);
      const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
      return value ? { ...value, channelId } : null;
    },
    outOfDate: { element: "button", instead: "The next reminder has a Still on it button that works." },
    run: async ({ value, user, answer }) => {
      const outcome = await deps.services.stillOnIt(user, value);
      await answer.message({
        text:
          outcome === "restarted"
            ? "Noted: you are on it. The next reminder comes a whole period from now."
            : "This incident has no reminders any more (it recovered, or the channel's subscription changed).",
      });
    },
  });
}
