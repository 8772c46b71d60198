import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { ListenerDeps } from "../listener-deps";
import { publishHome } from "../publish-home";
import { userRefFrom } from "../user-ref";

/** The Refresh button of App Home. */
export function homeRefreshAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    client,
    context,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    await publishHome(client, deps, userRefFrom(context, body.user.id));
  };
}
