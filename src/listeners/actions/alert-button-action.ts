import type { ButtonAction } from "@slack/bolt";
import { renderOutOfDate } from "../../ui/render-out-of-date";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * Every alert kind's own button (ALERT_BUTTON_IDS): the service decodes it with its kind's codec, asks the
 * role table for the row the button declares, and runs the kind's use case. The clicker alone hears it.
 */
export function alertButtonAction(deps: ListenerDeps) {
  return actionHandler<
    ButtonAction,
    { actionId: string; value: string | undefined; channelId: string | undefined }
  >({
    decode: ({ body }) => {
      const action = body.actions[0];
      if (!action) return null;
      const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
      return { actionId: action.action_id, value: action.value, channelId };
    },
    run: async ({ value, user, answer }) => {
      const outcome = await deps.services.pressAlertButton(user, value);
      await answer.message(
        outcome.kind === "answered" ? { text: outcome.text } : renderOutOfDate("button", outcome.instead),
      );
    },
  });
}
