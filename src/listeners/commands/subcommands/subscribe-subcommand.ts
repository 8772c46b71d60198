import { ErrorCode, type WebClient } from "@slack/web-api";
import { isDirectMessage } from "../../../lib/is-direct-message";
import { isPermanentSlackError } from "../../../lib/pause-reasons";
import type { AnnounceResult, SubscriptionPreview } from "../../../services/subscription-services";
import {
  renderChannelUnreachable,
  renderMentionWithoutId,
  renderSubscribeAnnouncement,
} from "../../../ui/render-subscribe-result";
import type { ListenerDeps } from "../../listener-deps";
import { slackTimeZone } from "../../slack-time-zone";
import type { SubcommandHandler } from "../subcommand";

/** Slack may have posted before it failed (5xx, lost connection); the client never retries them (app.ts). */
const UNCERTAIN = new Set<string>([ErrorCode.HTTPError, ErrorCode.RequestError]);

/**
 * `/uptime subscribe [monitor:<name>]... [group:<name>]... [--mention ...]` in a channel, or in the app's
 * DM for the person's own alerts. The summary goes to the channel itself with chat.postMessage: that post is
 * also the check that the app is in the channel (no channels:read scope needed), and in the DM the thread
 * the quiet hours' alerts go into. When Slack refuses it, the caller alone hears how to fix it.
 */
export const subscribeSubcommand: SubcommandHandler<"subscribe"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  // Slack's own zone of the subscriber: the digest comes at their 09:00.
  // The app's DM: the person's own alerts.
  const personal = isDirectMessage(channelId);
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
      personal: personal ? { slackTimeZone: timeZone ?? null } : undefined,
    },
    (preview) => announce(client, deps, preview),
  );
  if (outcome.kind === "unreachable") {
    await respond({ response_type: "ephemeral", ...renderChannelUnreachable(outcome.error) });
  } else if (outcome.kind === "mention-without-id") {
    await respond({ response_type: "ephemeral", ...renderMentionWithoutId(outcome.handle) });
  }
  // Subscribed: the channel message is the answer; an ephemeral copy would only repeat it.
};

async function announce(
  client: WebClient,
  deps: ListenerDeps,
  preview: SubscriptionPreview,
): Promise<AnnounceResult> {
  try {
    const posted = await client.chat.postMessage({
      channel: preview.channelId,
      ...renderSubscribeAnnouncement(preview, deps.clock.now()),
      unfurl_links: false,
      unfurl_media: false,
    });
    return { ok: true, ts: posted.ts };
  } catch (error) {
    const code = (error as { data?: { error?: unknown } }).data?.error;
    // The errors that would pause an alert subscription: nothing is created when announcing meets one.
    if (typeof code === "string" && isPermanentSlackError(code)) return { ok: false, error: code };
    // The announcement may be in the channel: subscribing is right either way (the channel answered no
    // "not_in_channel"), and posting it again could show it twice.
    const kind = (error as { code?: unknown }).code;
    if (typeof kind === "string" && UNCERTAIN.has(kind)) {
      deps.logger.warn({ err: error, channel: preview.channelId }, "subscribe announcement: outcome unknown");
      return { ok: true };
    }
    throw error;
  }
}
