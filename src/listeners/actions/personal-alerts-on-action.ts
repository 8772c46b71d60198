import type { ButtonAction } from "@slack/bolt";
import { personalAlertsOnNotice } from "../../ui/render-personal-alerts-notice";
import { answerOnHome } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { subscribePersonally } from "../subscribe-personally";

/**
 * "Turn on" in App Home's "Your alerts": the person's own alerts for every monitor of their active team, in
 * their DM with the app. The tab is the answer (its notice line and the section, now on); failures too.
 */
export function personalAlertsOnAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, true>({
    decode: () => true,
    answerIn: (args, user) => answerOnHome(args.client, deps, user),
    run: async ({ args, user, answer }) => {
      const outcome = await subscribePersonally(args.client, deps, user, { monitors: [], groups: [] });
      await answer.message({ text: personalAlertsOnNotice(outcome) });
    },
  });
}
