import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { workspaceRefFrom } from "../../slack/user-ref";
import type { ListenerDeps } from "../listener-deps";

/**
 * `user_change` (https://docs.slack.dev/reference/events/user_change, scope `users:read`): sent for every
 * profile edit; only `user.deleted: true`, a person deactivated in Slack, matters here. Their link and
 * token go at once, with what used them (docs/slack-app.md "When someone leaves"). Redelivered or sent
 * again for another workspace of an org, the offboarding finds nothing left to do.
 */
export function userChangeEvent(deps: ListenerDeps) {
  return async ({ event, context }: SlackEventMiddlewareArgs<"user_change"> & AllMiddlewareArgs) => {
    if (event.user.deleted !== true) return;
    await deps.services.usersDeactivated(workspaceRefFrom(context), [event.user.id]);
    deps.logger.info({ teamId: context.teamId, userId: event.user.id }, "user deactivated: offboarded");
  };
}
