import type { ButtonAction } from "@slack/bolt";
import type { PendingAction } from "../../store/pending-action-store";
import { acknowledgeCodec, deferredActionCodec } from "../../ui/codecs";
import { knownError } from "../../ui/error-text";
import { renderAcknowledgeResult } from "../../ui/render-acknowledge-result";
import { renderLinkPrompt } from "../../ui/render-link-prompt";
import { answerOnHome } from "../answer";
import { type ActionArgs, actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { refreshHome } from "../publish-home";

/**
 * Acknowledge buttons (alert messages, incident lists, App Home), with the CLICKING user's own token
 * (docs/architecture.md section 7). An unlinked or stale user gets the Link prompt and the acknowledge is remembered, to be
 * completed after linking. The answer is ephemeral; on App Home it is a line at the top of the tab.
 */
export function acknowledgeAction(deps: ListenerDeps) {
  const onHome = ({ body }: ActionArgs<ButtonAction>) => body.container.type === "view";
  // Only a channel message (an alert) is redrawn for everyone; ephemeral lists are the clicker's own.
  const where = ({ body }: ActionArgs<ButtonAction>) => {
    const channelId = body.container.channel_id as string | undefined;
    const messageTs = body.container.message_ts as string | undefined;
    const fromChannelMessage =
      body.container.type === "message" && body.container.is_ephemeral !== true && channelId && messageTs;
    return { channelId, source: fromChannelMessage ? { channelId, messageTs } : undefined };
  };

  return actionHandler<ButtonAction, { incidentId: string; teamId: string }>({
    decode: ({ body }) => acknowledgeCodec.decode(body.actions[0]?.value),
    outOfDate: { element: "button", instead: "`/uptime incidents open` shows the current incidents." },
    answerIn: (args, user) => (onHome(args) ? answerOnHome(args.client, deps, user) : undefined),
    run: async ({ args, value, user, answer }) => {
      const outcome = await deps.services.acknowledgeIncident(user, {
        incidentId: value.incidentId,
        apiTeamId: value.teamId,
        source: where(args).source,
      });
      await answer.message(renderAcknowledgeResult(outcome));
      // App Home was just re-published with the answer; a message's clicker sees the change on Home too.
      if (!onHome(args) && outcome.status === "acknowledged") await refreshHome(args.client, deps, user);
    },
    recover: async (error, { args, value, user, answer }) => {
      const code = knownError(error)?.code;
      if (code !== "service.not-linked" && code !== "service.stale-link") return false;
      const { channelId, source } = where(args);
      const pending: PendingAction = {
        kind: "acknowledge",
        apiTeamId: value.teamId,
        incidentId: value.incidentId,
        ...(source ?? (channelId ? { channelId } : {})),
      };
      await deps.services.rememberPendingAction(user, pending);
      await answer.message(
        renderLinkPrompt({
          incidentId: value.incidentId,
          stale: code === "service.stale-link",
          linkValue: deferredActionCodec.encode({
            action: "ack",
            incidentId: value.incidentId,
            teamId: value.teamId,
          }),
        }),
      );
      return true;
    },
  });
}
