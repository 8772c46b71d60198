import type { RadioButtonsAction } from "@slack/bolt";
import { slackErrorOf } from "../../slack/slack-call";
import { createMonitorModalCodec } from "../../ui/codecs";
import { createMonitorKinds } from "../../ui/ids";
import { renderCreateMonitorModal } from "../../ui/render-create-monitor-modal";
import { answerNothing } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * The kind radio of the create-monitor modal (dispatch_action): redraws the modal with the URL input or
 * host + port + timeout. `hash` makes Slack refuse the update if the view changed meanwhile (a second
 * click already redrew it), which is then simply left alone. Nothing is answered: the modal is the answer.
 * Unlinked or left the team since the modal opened: the submit says so next to the name input.
 */
export function createMonitorKindAction(deps: ListenerDeps) {
  return actionHandler<RadioButtonsAction, { teamId: string }>({
    decode: ({ body }) => (body.view ? createMonitorModalCodec.decode(body.view.private_metadata) : null),
    answerIn: () => answerNothing,
    run: async ({ args, value, user }) => {
      const view = args.body.view!;
      const kind =
        args.action.selected_option?.value === createMonitorKinds.tcp
          ? createMonitorKinds.tcp
          : createMonitorKinds.url;
      // Redis only: the team's name for the header, and a check that the user may still create in it.
      const target = await deps.services.createMonitorTarget(user, value.teamId);
      try {
        await args.client.views.update({
          view_id: view.id,
          hash: view.hash,
          view: renderCreateMonitorModal({
            kind,
            teamName: target.teamName,
            privateMetadata: view.private_metadata,
          }),
        });
      } catch (error) {
        const failure = slackErrorOf(error);
        if (failure.kind !== "slack.refused" || failure.slackError !== "hash_conflict") throw error;
      }
    },
  });
}
