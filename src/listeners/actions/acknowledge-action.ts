import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { PendingAction } from "../../store/pending-action-store";
import { errorText, knownError } from "../../ui/error-text";
import { acknowledgeCodec, pendingActionCodec } from "../../ui/ids";
import { acknowledgeResultText, renderAcknowledgeResult } from "../../ui/render-acknowledge-result";
import { renderErrorMessage } from "../../ui/render-error-message";
import { renderLinkPrompt } from "../../ui/render-link-prompt";
import type { Rendered } from "../../ui/reply";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";
import { userRefFrom } from "../user-ref";

const OUT_OF_DATE = "This button is out of date. `/uptime incidents open` shows the current incidents.";

/**
 * Acknowledge buttons (alert messages, incident lists, App Home), with the CLICKING user's own token
 * (DESIGN.md 7). An unlinked or stale user gets the Link prompt and the acknowledge is remembered, to be
 * completed after linking. The answer is ephemeral; on App Home it is a line at the top of the tab.
 */
export function acknowledgeAction(deps: ListenerDeps) {
  return async ({
    ack,
    body,
    client,
    context,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const ref = userRefFrom(context, body.user.id);
    const onHome = body.container.type === "view";
    // Only a channel message (an alert) is redrawn for everyone; ephemeral lists are the clicker's own.
    const channelId = body.container.channel_id as string | undefined;
    const messageTs = body.container.message_ts as string | undefined;
    const fromChannelMessage =
      body.container.type === "message" && body.container.is_ephemeral !== true && channelId && messageTs;
    const source = fromChannelMessage ? { channelId, messageTs } : undefined;

    const answer = async (message: Rendered) => {
      if (onHome) await refreshHome(client, deps, ref, message.text);
      else await respond({ response_type: "ephemeral", replace_original: false, ...message });
    };

    const value = acknowledgeCodec.decode(body.actions[0]?.value);
    if (!value) {
      await answer({ text: `:warning: ${OUT_OF_DATE}` });
      return;
    }
    try {
      const outcome = await deps.services.acknowledgeIncident(ref, {
        incidentId: value.incidentId,
        apiTeamId: value.teamId,
        source,
      });
      if (onHome) await refreshHome(client, deps, ref, acknowledgeResultText(outcome));
      else {
        await respond({
          response_type: "ephemeral",
          replace_original: false,
          ...renderAcknowledgeResult(outcome),
        });
        if (outcome.status === "acknowledged") await refreshHome(client, deps, ref);
      }
    } catch (error) {
      const code = knownError(error)?.code;
      if (code === "service.not-linked" || code === "service.stale-link") {
        const pending: PendingAction = {
          kind: "acknowledge",
          apiTeamId: value.teamId,
          incidentId: value.incidentId,
          ...(source ?? (channelId ? { channelId } : {})),
        };
        await deps.services.rememberPendingAction(ref, pending);
        const prompt = renderLinkPrompt({
          incidentId: value.incidentId,
          stale: code === "service.stale-link",
          linkValue: pendingActionCodec.encode({
            action: "ack",
            incidentId: value.incidentId,
            teamId: value.teamId,
          }),
        });
        await answer(prompt);
        return;
      }
      const text = errorText(error);
      await answer(onHome ? { text: `:warning: ${text.text}` } : renderErrorMessage(text));
      if (text.unexpected) throw error;
    }
  };
}
