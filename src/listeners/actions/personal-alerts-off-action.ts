import type { ButtonAction } from "@slack/bolt";
import { personalAlertsOffNotice } from "../../ui/render-personal-alerts-notice";
import { answerOnHome } from "../answer";
import { appDmOf } from "../app-dm";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * "Turn off" in App Home's "Your alerts" (behind Slack's confirm dialog): every subscription of the person's
 * DM with the app, through the unsubscribe service and its checks. The tab is the answer.
 */
export function personalAlertsOffAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, true>({
    decode: () => true,
    answerIn: (args, user) => answerOnHome(args.client, deps, user),
    run: async ({ args, user, answer }) => {
      const channelId = await appDmOf(args.client, user.userId);
      const outcome = await deps.services.unsubscribe(user, {
        channelId,
        all: true,
        monitors: [],
        groups: [],
      });
      await answer.message({ text: personalAlertsOffNotice(outcome) });
    },
  });
}
