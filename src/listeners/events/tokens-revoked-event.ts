import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { workspaceRefFrom } from "../../slack/user-ref";
import type { ListenerDeps } from "../listener-deps";

/** `tokens_revoked`: the users who revoked (`tokens.oauth`) lose their data; a revoked bot, the install. */
export function tokensRevokedEvent(deps: ListenerDeps) {
  return async ({ event, context }: SlackEventMiddlewareArgs<"tokens_revoked"> & AllMiddlewareArgs) => {
    await deps.services.tokensRevoked(workspaceRefFrom(context), {
      oauth: event.tokens.oauth,
      bot: event.tokens.bot,
    });
  };
}
