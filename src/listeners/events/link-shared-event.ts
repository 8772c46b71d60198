import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import type { MessageAttachment } from "@slack/types";
import type { UnfurlCardView } from "../../services";
import { slackCall } from "../../slack/slack-call";
import { userRefFrom } from "../../slack/user-ref";
import { renderUnfurlCard } from "../../ui/render-unfurl-card";
import { type WebLinkTarget, webLinkTarget } from "../../ui/web-link-target";
import type { ListenerDeps } from "../listener-deps";

/** Links of one message unfurled at most: each costs API reads with the poster's token. */
const MAX_LINKS = 5;

/**
 * `link_shared` (https://docs.slack.dev/reference/events/link_shared): a message (or the composer) holds
 * links of the app's unfurl domain, UPTIME_WEB_URL's host (manifest `features.unfurl_domains`). Each link
 * to a monitor or incident gets a card read with the token of the person who posted it; nothing at all
 * when they are not linked, or the API refuses them (docs/slack-app.md "Link unfurls"): the channel learns
 * nothing from the absence of a card. Cards showing an open incident are remembered for their refresh.
 */
export function linkSharedEvent(deps: ListenerDeps) {
  return async ({ event, client, context }: SlackEventMiddlewareArgs<"link_shared"> & AllMiddlewareArgs) => {
    const ref = userRefFrom(context, event.user);
    const wanted = new Map<string, WebLinkTarget>();
    for (const link of event.links) {
      const target = webLinkTarget(deps.webLinks, link.url);
      if (target && !wanted.has(link.url) && wanted.size < MAX_LINKS) wanted.set(link.url, target);
    }
    if (wanted.size === 0) return;
    const cards = await Promise.all(
      [...wanted].map(async ([url, target]) => ({
        url,
        target,
        view: await deps.services.unfurlCard(ref, target),
      })),
    );
    const shown = cards.filter((c): c is typeof c & { view: UnfurlCardView } => c.view !== null);
    if (shown.length === 0) return;
    const unfurls: Record<string, MessageAttachment> = {};
    for (const card of shown) unfurls[card.url] = renderUnfurlCard(card.view, deps.webLinks);
    // A link still in the composer has no message yet: Slack names it by unfurl_id and source only
    // (https://docs.slack.dev/reference/methods/chat.unfurl: "Both unfurl_id and source must be provided
    // together, or channel and ts"). A posted one is unfurled, and later refreshed, by channel and ts.
    const composer = event.source === "composer";
    await slackCall(() =>
      composer && event.unfurl_id
        ? client.chat.unfurl({ unfurl_id: event.unfurl_id, source: "composer", unfurls })
        : client.chat.unfurl({ channel: event.channel, ts: event.message_ts, unfurls }),
    );
    if (composer) return;
    await Promise.all(
      shown.map((card) =>
        deps.services
          .rememberUnfurl(
            {
              channel: event.channel,
              ts: event.message_ts,
              url: card.url,
              target: card.target,
              postedBy: ref,
            },
            card.view,
          )
          .catch((err: unknown) => deps.logger.warn({ err }, "could not remember an unfurl for its refresh")),
      ),
    );
  };
}
