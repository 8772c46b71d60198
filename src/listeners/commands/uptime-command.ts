import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import { parseCommand, type SubcommandName } from "../../grammar";
import { respondTo } from "../../slack/respond-to";
import { userRefFrom } from "../../slack/user-ref";
import { renderFairShareRefusal } from "../../ui/fair-share-text";
import { answerByRespond } from "../answer";
import { answerFailure } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import type { SubcommandHandler, SubcommandRequest } from "./subcommand";
import { subcommandHandlers } from "./subcommands";

/**
 * `/uptime ...`: acknowledges at once (Slack's 3 s limit), then parses (pure, total), takes one command
 * of the person's fair share (docs/architecture.md section 10) and lets the subcommand answer through
 * `respond`. Known errors become one sentence for the user; unexpected ones
 * are also rethrown so that `app.error` logs them. Never a stack trace in Slack.
 */
export function uptimeCommand(deps: ListenerDeps) {
  return async ({ command, ack, client, context }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    await ack();
    // Not Bolt's `respond`: the same POST without the global fetch's cost (respond-to.ts).
    const respond = respondTo(command.response_url);
    const parsed = parseCommand(command.text ?? "");
    const request: SubcommandRequest = {
      command: parsed,
      user: userRefFrom(context, command.user_id),
      channelId: command.channel_id,
      channelName: command.channel_name,
      triggerId: command.trigger_id,
      respond,
      client,
    };
    const handler = subcommandHandlers[parsed.kind as SubcommandName] as SubcommandHandler;
    try {
      // Help costs nobody anything; every other subcommand spends one of the person's commands.
      if (parsed.kind !== "help") {
        const share = await deps.services.takeFairShare(request.user, "command");
        if (!share.ok) {
          await respond({ response_type: "ephemeral", ...renderFairShareRefusal(share.waitMs) });
          return;
        }
      }
      await handler(request, deps);
    } catch (error) {
      await answerFailure(answerByRespond(respond), error);
    }
  };
}
