import { renderTestAlertStarted } from "../../../ui/render-test-alert-result";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime test`: a sample outage in this channel, posted by the alert engine (the message is the answer);
 * the asker alone hears which monitor it shows and that it goes green by itself.
 */
export const testSubcommand: SubcommandHandler<"test"> = async ({ user, channelId, respond }, deps) => {
  const outcome = await deps.services.testAlert(user, { channelId });
  await respond({ response_type: "ephemeral", ...renderTestAlertStarted(outcome) });
};
