import { ErrorCode, type WebClient } from "@slack/web-api";
import { isPermanentSlackError } from "../domain/pause-reasons";
import type { AnnounceResult, SubscriptionPreview } from "../services/subscription-services";
import { renderSubscribeAnnouncement } from "../ui/render-subscribe-result";
import type { ListenerDeps } from "./listener-deps";

/** Slack may have posted before it failed (5xx, lost connection); the client never retries them (app.ts). */
const UNCERTAIN = new Set<string>([ErrorCode.HTTPError, ErrorCode.RequestError]);

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
