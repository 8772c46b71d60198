import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import type { PendingAction } from "../../store/pending-action-store";
import type { UserRef } from "../../store/workspace";
import { errorText } from "../../ui/error-text";
import { actions, blocks, loginModalCodec } from "../../ui/ids";
import { acknowledgeResultText } from "../../ui/render-acknowledge-result";
import { loginErrorText } from "../../ui/render-login-modal";
import { monitorPausedText } from "../../ui/render-monitor-paused";
import { renderLinked } from "../../ui/render-whoami";
import { answerUser } from "../answer-user";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";
import { userRefFrom } from "../user-ref";

/**
 * Submission of the login modal. The token is verified before the ack (one bounded API call, ~2 s of
 * Slack's 3 s) so that a refused token or an unreachable service is an inline error next to the input and
 * nothing is lost. After the ack: the confirmation, then any action the user tried before linking.
 */
export function loginView(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    view,
    client,
    context,
  }: SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs) => {
    const ref = userRefFrom(context, body.user.id);
    const token = view.state.values[blocks.login.token]?.[actions.login.token]?.value ?? "";
    let link: Awaited<ReturnType<ListenerDeps["services"]["linkAccount"]>>;
    try {
      link = await deps.services.linkAccount(ref, token);
    } catch (error) {
      await ack({ response_action: "errors", errors: { [blocks.login.token]: loginErrorText(error) } });
      if (errorText(error).unexpected) {
        deps.logger.error({ err: error }, "verifying a token failed unexpectedly");
      }
      return;
    }
    await ack();

    const meta = loginModalCodec.decode(view.private_metadata) ?? {};
    const fallback: PendingAction | undefined =
      meta.pending?.action === "ack"
        ? { kind: "acknowledge", incidentId: meta.pending.incidentId, apiTeamId: meta.pending.teamId }
        : undefined;
    const pending = await deps.services.completePendingAction(ref, fallback);
    const followUps: string[] = [];
    if (pending && "outcome" in pending) followUps.push(acknowledgeResultText(pending.outcome));
    else if (pending) {
      const text = errorText(pending.error);
      if (text.unexpected) deps.logger.error({ err: pending.error }, "completing a pending action failed");
      followUps.push(`:warning: Incident #${pending.action.incidentId} was not acknowledged: ${text.text}`);
    }
    // A Pause/Resume clicked before linking travels in the modal's metadata only (monitor-paused-action.ts).
    if (meta.pending?.action === "pause" || meta.pending?.action === "resume") {
      followUps.push(
        await completePauseOrResume(deps, ref, meta.pending.monitorId, meta.pending.action === "pause"),
      );
    }
    const followUp = followUps.length > 0 ? followUps.join("\n") : undefined;
    await answerUser(
      client,
      deps.logger,
      { userId: body.user.id, channelId: meta.channelId, responseUrl: meta.responseUrl },
      renderLinked(link, followUp),
    );
    await refreshHome(client, deps, ref);
  };
}

/** The Pause/Resume the user clicked before linking, done with the new link; the sentence that says how it went. */
async function completePauseOrResume(
  deps: ListenerDeps,
  ref: UserRef,
  monitorId: string,
  paused: boolean,
): Promise<string> {
  const target = { monitorId };
  try {
    const result = paused
      ? await deps.services.pauseMonitor(ref, target)
      : await deps.services.resumeMonitor(ref, target);
    return monitorPausedText({ monitor: result.monitor, paused, changed: result.changed });
  } catch (error) {
    const text = errorText(error);
    if (text.unexpected) deps.logger.error({ err: error }, "completing a pending pause or resume failed");
    return `:warning: Monitor ${monitorId} was not ${paused ? "paused" : "resumed"}: ${text.text}`;
  }
}
