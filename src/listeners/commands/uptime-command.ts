import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import { parseCommand, type SubcommandName } from "../../grammar";
import { KeyedLanes } from "../../lib/keyed-lanes";
import { respondTo } from "../../slack/respond-to";
import { userRefFrom } from "../../slack/user-ref";
import { renderFairShareRefusal } from "../../ui/fair-share-text";
import { answerByRespond } from "../answer";
import { answerFailure } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import type { SubcommandHandler, SubcommandRequest } from "./subcommand";
import { subcommandHandlers } from "./subcommands";

/**
 * `/uptime ...`: parses (pure, total) and acknowledges at once (Slack's 3 s limit), then takes one command
 * of the person's fair share and lets the subcommand answer through
 * `respond`; a person this process already refused is told so in the acknowledgement instead. Known errors
 * become one sentence for the user; unexpected ones are also rethrown so that `app.error` logs them. Never a
 * stack trace in Slack.
 *
 * One person's commands are answered PERSON_LANE at a time in this process (after their acknowledgement): a
 * burst waits behind itself instead of flooding the event loop that acknowledges everybody else.
 * The subcommands that open a modal skip the lane: Slack's trigger expires 3 s after the command, and a
 * modal is one views.open, no burst.
 */
const PERSON_LANE = 2;
const OPENS_A_MODAL: ReadonlySet<string> = new Set<SubcommandName>(["login", "create", "edit"]);

export function uptimeCommand(deps: ListenerDeps) {
  const lanes = new KeyedLanes(PERSON_LANE);
  return async ({ command, ack, client, context }: SlackCommandMiddlewareArgs & AllMiddlewareArgs) => {
    const parsed = parseCommand(command.text ?? "");
    const user = userRefFrom(context, command.user_id);
    // A person this process already refused until later is told in the acknowledgement: no Redis call, no
    // response_url POST, no place in their lane, so a burst past its share costs the others little. Slack shows
    // a message in the HTTP answer to a command as an ephemeral reply
    // (https://docs.slack.dev/interactivity/implementing-slash-commands, "Sending an immediate response").
    const refused = parsed.kind === "help" ? undefined : deps.services.knownFairShareRefusal(user, "command");
    if (refused) {
      await ack({ response_type: "ephemeral", ...renderFairShareRefusal(refused.waitMs) });
      return;
    }
    await ack();
    // Not Bolt's `respond`: the same POST without the global fetch's cost (respond-to.ts).
    const respond = respondTo(command.response_url);
    const request: SubcommandRequest = {
      command: parsed,
      user,
      channelId: command.channel_id,
      channelName: command.channel_name,
      triggerId: command.trigger_id,
      respond,
      client,
    };
    const handler = subcommandHandlers[parsed.kind as SubcommandName] as SubcommandHandler;
    // An org-wide install: one person across its workspaces (enterprise_id is "" or absent elsewhere).
    const person = `${command.enterprise_id || command.team_id}:${command.user_id}`;
    const answer = async () => {
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
    await (OPENS_A_MODAL.has(parsed.kind) ? answer() : lanes.run(person, answer));
  };
}
