import type { ButtonAction } from "@slack/bolt";
import { personalAlertsModalCodec } from "../../ui/codecs";
import { renderPersonalAlertsModal } from "../../ui/render-personal-alerts-modal";
import { answerOnHome } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * "Alert me about…" in App Home's "Your alerts": the modal with the filters of `/uptime subscribe`, for the
 * active team. Its trigger_id lasts 3 s, so only Redis is read before views.open (the active team of the
 * link); the monitors and groups come later, from the selects' block_suggestion.
 */
export function openPersonalAlertsAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, true>({
    decode: () => true,
    answerIn: (args, user) => answerOnHome(args.client, deps, user),
    run: async ({ args, user }) => {
      const team = await deps.services.createMonitorTarget(user);
      await args.client.views.open({
        trigger_id: args.body.trigger_id,
        view: renderPersonalAlertsModal({
          teamName: team.teamName,
          privateMetadata: personalAlertsModalCodec.encode({ teamId: team.teamId }),
        }),
      });
    },
  });
}
