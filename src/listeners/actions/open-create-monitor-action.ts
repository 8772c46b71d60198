import type { ButtonAction } from "@slack/bolt";
import { answerNothing } from "../answer";
import { type ActionArgs, actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { openCreateMonitorModal } from "../views/open-create-monitor-modal";

/** A message can carry an ephemeral answer; App Home cannot, so there the small "link first" modal says it. */
const fromMessage = ({ body }: ActionArgs<ButtonAction>) =>
  body.container?.type === "message" && body.response_url !== undefined;

/**
 * The "Create monitor" button (App Home, messages): the same modal as `/uptime create`. From App Home an
 * unlinked user gets the small "link first" modal; from a message, an ephemeral Link prompt.
 */
export function openCreateMonitorAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, true>({
    decode: () => true,
    answerIn: (args) => (fromMessage(args) ? undefined : answerNothing),
    run: ({ args, user }) =>
      openCreateMonitorModal(deps, {
        client: args.client,
        triggerId: args.body.trigger_id,
        user,
        channelId: args.body.channel?.id,
        linkFirstModal: !fromMessage(args),
      }),
  });
}
