import { loginModalCodec } from "../../../ui/codecs";
import { renderLoginModal } from "../../../ui/render-login-modal";
import type { SubcommandHandler } from "../subcommand";

/** `/uptime login`: the token modal, opened with the trigger_id right away (it expires in 3 s). */
export const loginSubcommand: SubcommandHandler<"login"> = async ({ channelId, triggerId, client }) => {
  const privateMetadata = loginModalCodec.encode({ channelId });
  await client.views.open({ trigger_id: triggerId, view: renderLoginModal({ privateMetadata }) });
};
