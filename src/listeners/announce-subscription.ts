import type { WebClient } from "@slack/web-api";
import type { AnnounceResult, SubscriptionPreview } from "../services/subscribe";
import { slackErrorOf } from "../slack/slack-call";
import { SlackPermanentError } from "../slack/slack-errors";
import { renderSubscribeAnnouncement } from "../ui/render-subscribe-result";
import type { ListenerDeps } from "./listener-deps";

/**
 * Posts the subscribe summary in the subscription's channel (the app's DM for personal alerts) with
 * chat.postMessage: that post is also the check that the app may post there (no channels:read scope
 * needed), and in the DM the thread the quiet hours' alerts go into. `/uptime subscribe` and App Home's
 * "Your alerts" both announce through here.
 */
export async function announceSubscription(
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
    const failure = slackErrorOf(error);
    // The errors that would pause an alert subscription: nothing is created when announcing meets one.
    if (failure instanceof SlackPermanentError) return { ok: false, error: failure.code };
    // Slack may have posted before it failed (5xx, lost connection; the client never retries them, bot/slack-app.ts):
    // the announcement may be in the channel. Subscribing is right either way (the channel answered no
    // "not_in_channel"), and posting it again could show it twice.
    if (failure.kind === "slack.transient" && failure.mayHaveHappened) {
      deps.logger.warn({ err: error, channel: preview.channelId }, "subscribe announcement: outcome unknown");
      return { ok: true };
    }
    throw error;
  }
}
