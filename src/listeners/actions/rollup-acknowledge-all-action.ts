import type { ButtonAction } from "@slack/bolt";
import { rollupCodec } from "../../ui/codecs";
import { renderAcknowledgeRollupResult } from "../../ui/render-rollup-results";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";
import { valueOfThisChannel } from "./value-of-this-channel";

/**
 * Acknowledge all on a storm roll-up (actions.rollupAcknowledgeAll, rollupCodec): every incident of the
 * roll-up still open, with the clicker's own token (services/acknowledge-rollup.ts). The roll-up and every
 * channel's messages redraw through the usual acknowledge path; the clicker alone reads what happened to
 * each incident.
 */
export function rollupAcknowledgeAllAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { teamId: string; channelId: string }>({
    decode: ({ body }) => valueOfThisChannel(body, rollupCodec.decode(body.actions[0]?.value)),
    outOfDate: { element: "button", instead: "`/uptime incidents open` shows the current incidents." },
    run: async ({ args, value, user, answer }) => {
      const outcome = await deps.services.acknowledgeRollup(user, {
        channelId: value.channelId,
        apiTeamId: value.teamId,
      });
      await answer.message(renderAcknowledgeRollupResult(outcome));
      if (outcome.acknowledged.length > 0) await refreshHome(args.client, deps, user);
    },
  });
}
