import type {
  AllMiddlewareArgs,
  BlockAction,
  RadioButtonsAction,
  SlackActionMiddlewareArgs,
} from "@slack/bolt";
import { errorText } from "../../ui/error-text";
import { createMonitorKinds, createMonitorModalCodec } from "../../ui/ids";
import { renderCreateMonitorModal } from "../../ui/render-create-monitor-modal";
import type { ListenerDeps } from "../listener-deps";
import { userRefFrom } from "../user-ref";

/**
 * The kind radio of the create-monitor modal (dispatch_action): redraws the modal with the URL input or
 * host + port + timeout. `hash` makes Slack refuse the update if the view changed meanwhile (a second
 * click already redrew it), which is then simply left alone.
 */
export function createMonitorKindAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    action,
    client,
    context,
  }: SlackActionMiddlewareArgs<BlockAction<RadioButtonsAction>> & AllMiddlewareArgs) => {
    await ack();
    const view = body.view;
    if (!view) return;
    const metadata = createMonitorModalCodec.decode(view.private_metadata);
    if (!metadata) return;
    const kind =
      action.selected_option?.value === createMonitorKinds.tcp
        ? createMonitorKinds.tcp
        : createMonitorKinds.url;
    // Redis only: the team's name for the header, and a check that the user may still create in it.
    let target: Awaited<ReturnType<ListenerDeps["services"]["createMonitorTarget"]>>;
    try {
      target = await deps.services.createMonitorTarget(userRefFrom(context, body.user.id), metadata.teamId);
    } catch (error) {
      // Unlinked or left the team since the modal opened: the submit answers that next to the name input.
      if (errorText(error).unexpected) throw error;
      return;
    }
    try {
      await client.views.update({
        view_id: view.id,
        hash: view.hash,
        view: renderCreateMonitorModal({
          kind,
          teamName: target.teamName,
          privateMetadata: view.private_metadata,
        }),
      });
    } catch (error) {
      if ((error as { data?: { error?: string } }).data?.error === "hash_conflict") return;
      throw error;
    }
  };
}
