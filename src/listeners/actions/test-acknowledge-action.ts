import type { ButtonAction } from "@slack/bolt";
import { testAcknowledgeCodec } from "../../ui/codecs";
import { renderTestAcknowledgeResult } from "../../ui/render-test-alert-result";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Acknowledge on a test alert (actions.testAcknowledge): redrawn as a real acknowledge is, with no call to
 * the API. The clicker alone hears the answer.
 */
export function testAcknowledgeAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { incidentId: string; channelId: string | undefined }>({
    decode: ({ body }) => {
      const value = testAcknowledgeCodec.decode(body.actions[0]?.value);
      const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
      return value ? { ...value, channelId } : null;
    },
    outOfDate: { element: "button", instead: "`/uptime test` posts a new test alert." },
    run: async ({ value, user, answer }) => {
      const outcome = await deps.services.acknowledgeTestAlert(user, value);
      await answer.message(renderTestAcknowledgeResult(outcome));
    },
  });
}
