import { personalAlertsModalCodec } from "../../ui/codecs";
import { errorText } from "../../ui/error-text";
import { blocks } from "../../ui/ids";
import { parsePersonalAlertsForm } from "../../ui/personal-alerts-form";
import { personalAlertsOnNotice } from "../../ui/render-personal-alerts-notice";
import { answerOnHome } from "../answer";
import { answerFailure, viewHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { subscribePersonally } from "../subscribe-personally";

/**
 * Submit of "Alert me about…" (App Home): the form is checked and the modal closed at once, since subscribing
 * reads the API and posts in the DM, more than Slack's 3 s for a view_submission allows. The subscription is
 * then made by the subscribe service, and App Home, re-published, says what became of it.
 */
export function personalAlertsView(deps: ListenerDeps) {
  return viewHandler({
    decode: ({ view }) => {
      const metadata = personalAlertsModalCodec.decode(view.private_metadata);
      return metadata ? { metadata, form: parsePersonalAlertsForm(view.state.values) } : null;
    },
    outOfDate: {
      block: blocks.personalAlerts.monitors,
      instead: "Close it and press *Alert me about…* in App Home again.",
    },
    run: async ({ args, value: { metadata, form }, user, ack }) => {
      if (!form.ok) {
        await ack(form.errors);
        return;
      }
      // The picks are of the team the modal was opened for; the service subscribes the active team.
      const active = await deps.services.createMonitorTarget(user);
      if (active.teamId !== metadata.teamId) {
        await ack({
          [blocks.personalAlerts.monitors]:
            `Your active team is now ${active.teamName}: close this form and open it again.`,
        });
        return;
      }
      await ack();
      const answer = answerOnHome(args.client, deps, user);
      try {
        const outcome = await subscribePersonally(args.client, deps, user, form.form);
        await answer.message({ text: personalAlertsOnNotice(outcome) });
      } catch (error) {
        await answerFailure(answer, error);
      }
    },
    // Only reading the active team can fail before the ack (not linked, no team).
    errors: (error) => {
      const text = errorText(error);
      return { errors: { [blocks.personalAlerts.monitors]: text.text }, unexpected: text.unexpected };
    },
  });
}
