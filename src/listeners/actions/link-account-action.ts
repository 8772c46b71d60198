import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { loginModalCodec, pendingActionCodec } from "../../ui/ids";
import { renderLoginModal } from "../../ui/render-login-modal";
import type { ListenerDeps } from "../listener-deps";

/**
 * The Link account button (Link prompts, whoami, errors, App Home): opens the login modal at once (the
 * trigger_id expires in 3 s). A pending action in the button's value travels on in the modal's metadata,
 * with the response_url of the ephemeral message so that the confirmation replaces it.
 */
export function linkAccountAction(_deps: ListenerDeps) {
  return async ({
    ack,
    body,
    client,
  }: SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs) => {
    await ack();
    const pending = pendingActionCodec.decode(body.actions[0]?.value) ?? undefined;
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
  };
}
