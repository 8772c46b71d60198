import type { ButtonAction } from "@slack/bolt";
import type { DeferredAction } from "../../services/pending-actions";
import { deferredActionCodec, loginModalCodec } from "../../ui/codecs";
import { renderLoginModal } from "../../ui/render-login-modal";
import { answerNothing } from "../answer";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * The Link account button (Link prompts, whoami, errors, App Home): opens the login modal at once (the
 * trigger_id expires in 3 s). A deferred action in the button's value travels on in the modal's metadata,
 * with the response_url of the ephemeral message so that the confirmation replaces it. A button without
 * one (or with an unreadable one) simply links.
 */
export function linkAccountAction(_deps: ListenerDeps) {
  return actionHandler<ButtonAction, { pending: DeferredAction | undefined }>({
    decode: ({ body }) => ({ pending: deferredActionCodec.decode(body.actions[0]?.value) ?? undefined }),
    answerIn: () => answerNothing,
    run: async ({ args: { body, client }, value: { pending } }) => {
      const container = body.container;
      const onEphemeral = container.type === "message" && container.is_ephemeral === true;
      const channelId = body.channel?.id;
      const metadata = loginModalCodec.encode({
        ...(channelId ? { channelId } : {}),
        // Replacing a channel message would erase it for everyone: only an ephemeral one is replaced.
        ...(onEphemeral && body.response_url ? { responseUrl: body.response_url } : {}),
        ...(pending ? { pending } : {}),
      });
      await client.views.open({
        trigger_id: body.trigger_id,
        view: renderLoginModal({
          privateMetadata: metadata,
          pendingIncidentId: pending?.action === "ack" ? pending.incidentId : undefined,
        }),
      });
    },
  });
}
