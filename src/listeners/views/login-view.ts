import { answerUser } from "../../slack/answer-user";
import { loginModalCodec } from "../../ui/codecs";
import { errorText } from "../../ui/error-text";
import { actions, blocks } from "../../ui/ids";
import { loginErrorText } from "../../ui/render-login-modal";
import { pendingResultsText } from "../../ui/render-pending-results";
import { renderLinked } from "../../ui/render-whoami";
import { viewHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";

/**
 * Submission of the login modal. The token is verified before the ack (one bounded API call, ~2 s of
 * Slack's 3 s) so that a refused token or an unreachable service is an inline error next to the input and
 * nothing is lost. After the ack: the confirmation, with what became of the actions the user tried before
 * linking (services/pending-actions.ts).
 */
export function loginView(deps: ListenerDeps) {
  return viewHandler({
    // Older metadata only loses where to answer and what to complete: the link itself still works.
    decode: ({ view }) => loginModalCodec.decode(view.private_metadata) ?? {},
    outOfDate: { block: blocks.login.token, instead: "Close it and run `/uptime login` again." },
    run: async ({ args: { view, body, client }, value: meta, user, ack }) => {
      const token = view.state.values[blocks.login.token]?.[actions.login.token]?.value ?? "";
      const link = await deps.services.linkAccount(user, token);
      await ack();
      const results = await deps.services.completePendingActions(user, meta.pending);
      for (const result of results) {
        if ("error" in result && errorText(result.error).unexpected) {
          deps.logger.error({ err: result.error }, `completing a pending ${result.kind} failed`);
        }
      }
      await answerUser(
        client,
        deps.logger,
        { userId: body.user.id, channelId: meta.channelId, responseUrl: meta.responseUrl },
        renderLinked(link, pendingResultsText(results)),
      );
      await refreshHome(client, deps, user);
    },
    errors: (error) => ({
      errors: { [blocks.login.token]: loginErrorText(error) },
      unexpected: errorText(error).unexpected,
    }),
  });
}
