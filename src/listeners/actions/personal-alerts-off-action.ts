import type { ButtonAction } from "@slack/bolt";
import { personalAlertsOffNote, personalAlertsOffNotice } from "../../ui/render-personal-alerts-notice";
import { answerOnHome } from "../answer";
import { appDmOf } from "../app-dm";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * "Turn off" in App Home's "Your alerts" (behind Slack's confirm dialog): every subscription of the person's
 * DM with the app, through the unsubscribe service and its checks. The tab is the answer, and the DM gets a
 * note under the summary that said they were on.
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
      if (outcome.kind !== "removed") return;
      // Best effort: the alerts are off whatever becomes of the note.
      try {
        await args.client.chat.postMessage({ channel: channelId, ...personalAlertsOffNote(outcome) });
      } catch (err) {
        deps.logger.warn({ err }, "personal alerts off: the note in the DM failed");
      }
    },
  });
}
