import type { ButtonAction } from "@slack/bolt";
import { isTestIncidentId } from "../../domain/test-alert-id";
import { pageAcknowledgeCodec } from "../../ui/codecs";
import { renderAcknowledgeResult } from "../../ui/render-acknowledge-result";
import { renderTestAcknowledgeResult } from "../../ui/render-test-alert-result";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Acknowledge in a page's DM (actions.pageAcknowledge, pageAcknowledgeCodec): the same acknowledge as the
 * alert's button, with the clicker's own token (the API decides their role), and the page's thread hears
 * that they answered, even when someone had acknowledged before them.
 */
export function pageAcknowledgeAction(deps: ListenerDeps) {
  return actionHandler<
    ButtonAction,
    { incidentId: string; teamId: string; subscriptionId: string; pageId: string }
  >({
    decode: ({ body }) => pageAcknowledgeCodec.decode(body.actions[0]?.value),
    outOfDate: { element: "button", instead: "`/uptime ack <incident id>` acknowledges it." },
    run: async ({ value, user, answer }) => {
      // A page about a test alert: acknowledged in Slack, as the test alert's own button does.
      if (isTestIncidentId(value.incidentId)) {
        const test = await deps.services.acknowledgeTestAlert(user, {
          incidentId: value.incidentId,
          channelId: undefined,
          fromPage: true,
        });
        if (test !== "acknowledged")
          await deps.services.pageAnswered(user, { incidentId: value.incidentId, pageId: value.pageId });
        await answer.message(renderTestAcknowledgeResult(test));
        return;
      }
      const outcome = await deps.services.acknowledgeIncident(user, {
        incidentId: value.incidentId,
        apiTeamId: value.teamId,
      });
      // An acknowledge that went through told every page of the incident already.
      if (outcome.status !== "acknowledged")
        await deps.services.pageAnswered(user, { incidentId: value.incidentId, pageId: value.pageId });
      await answer.message(renderAcknowledgeResult(outcome));
    },
  });
}
