import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { userRefFrom } from "../../slack/user-ref";
import type { ListenerDeps } from "../listener-deps";
import { publishHome } from "../publish-home";

/** `app_home_opened`: publishes the Home tab fresh (the Messages tab opens the same event: ignored). */
export function appHomeOpenedEvent(deps: ListenerDeps) {
  return async ({
    event,
    client,
    context,
  }: SlackEventMiddlewareArgs<"app_home_opened"> & AllMiddlewareArgs) => {
    if (event.tab !== undefined && event.tab !== "home") return;
    await publishHome(client, deps, userRefFrom(context, event.user));
  };
}
