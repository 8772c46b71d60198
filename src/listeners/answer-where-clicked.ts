import type { BlockElementAction } from "@slack/bolt";
import { type Answer, answerWhereClicked } from "./answer";
import type { ActionArgs } from "./handle-interaction";
import type { ListenerDeps } from "./listener-deps";

/**
 * `answerIn` of a button that may sit on a channel message, an ephemeral answer, App Home or a DM
 * (answerWhereClicked): read from the block action's own payload.
 */
export function answerWhereButtonClicked(deps: ListenerDeps) {
  return <A extends BlockElementAction>({ body, respond, client }: ActionArgs<A>): Answer =>
    answerWhereClicked(
      {
        respond,
        responseUrl: body.response_url,
        ephemeralSource: body.container?.type === "message" && body.container.is_ephemeral === true,
        client,
        userId: body.user.id,
        channelId: body.channel?.id,
      },
      deps,
    );
}
