import { isDirectOrGroupMessage } from "../../../domain/is-direct-message";
import { slackTimeZone } from "../../../slack/slack-time-zone";
import {
  renderChannelUnreachable,
  renderMentionWithoutId,
  renderNotInConversation,
} from "../../../ui/render-subscribe-result";
import { announceSubscription } from "../../announce-subscription";
import { appDmOf } from "../../app-dm";
import type { SubcommandHandler } from "../subcommand";

/**
 * `/uptime subscribe [monitor:<name>]... [group:<name>]... [--mention ...]` in a channel. The summary goes to
 * the channel itself (announce-subscription.ts); when Slack refuses it, the caller alone hears how to fix it.
 *
 * In a DM or group DM: the app's own DM is the person's own alerts (reachable only while the Messages tab
 * lets people type; App Home's "Your alerts" is where they are turned on), told apart from a DM between
 * people by the id conversations.open gives for the caller, not by its D. A DM or group DM between people
 * is refused: the app is not in it and can post nothing there.
 */
export const subscribeSubcommand: SubcommandHandler<"subscribe"> = async (
  { command, user, channelId, channelName, respond, client },
  deps,
) => {
  // A channel cannot be the app's DM: conversations.open is asked only about DMs and group DMs.
  const direct = isDirectOrGroupMessage({ id: channelId, name: channelName });
  const personal = direct && (await appDmOf(client, user.userId)) === channelId;
  if (direct && !personal) {
    await respond({ response_type: "ephemeral", ...renderNotInConversation() });
    return;
  }
  // Slack's own zone of the subscriber: the digest comes at their 09:00.
  const timeZone =
    command.digest || personal ? await slackTimeZone(client, user.userId, deps.logger) : undefined;
  const digest = command.digest && timeZone ? { cadence: command.digest, timeZone } : undefined;
  const outcome = await deps.services.subscribe(
    user,
    {
      channelId,
      monitors: command.monitors,
      groups: command.groups,
      mention: command.mention,
      rules: {
        ...(command.storm !== undefined ? { storm: command.storm } : {}),
        ...(command.flap ? { flap: command.flap } : {}),
      },
      digest,
      escalateMinutes: command.escalateMinutes,
      options: command.options,
      escalateSteps: command.escalateSteps,
      slow: command.slow,
      personal: personal ? { slackTimeZone: timeZone ?? null } : undefined,
    },
    (preview) => announceSubscription(client, deps, preview),
  );
  if (outcome.kind === "unreachable") {
    await respond({ response_type: "ephemeral", ...renderChannelUnreachable(outcome.error) });
  } else if (outcome.kind === "mention-without-id") {
    await respond({ response_type: "ephemeral", ...renderMentionWithoutId(outcome.handle) });
  }
  // Subscribed: the channel message is the answer; an ephemeral copy would only repeat it.
};
