import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { conversationFacts } from "../../slack/conversation-facts";
import { userRefFrom } from "../../slack/user-ref";
import { type WebLinkTarget, webLinkTarget } from "../../ui/web-link-target";
import type { ListenerDeps } from "../listener-deps";
import { askToUnfurl, drawUnfurls, readCards } from "../unfurl-links";

/** Links of one message unfurled at most: each costs API reads with the poster's token. */
const MAX_LINKS = 5;

/**
 * `link_shared` (https://docs.slack.dev/reference/events/link_shared): a message holds links of the app's
 * unfurl domain, UPTIME_WEB_URL's host (manifest `features.unfurl_domains`). A card shows a team's live
 * state to everyone in the conversation, so it needs its poster's consent (docs/slack-app.md "Link
 * unfurls"): in a conversation shared with another organization, nothing unless the workspace allows it;
 * then nothing after Not here or Never, the cards after Show, and otherwise a question to the poster. Cards
 * are read with the poster's token: nothing at all (not even the question) when they are not linked or the
 * API refuses them. A link still in the composer names no conversation yet: it gets nothing, and the
 * posted message brings its own link_shared.
 */
export function linkSharedEvent(deps: ListenerDeps) {
  return async ({
    event,
    body,
    client,
    context,
  }: SlackEventMiddlewareArgs<"link_shared"> & AllMiddlewareArgs) => {
    if (event.source === "composer") return;
    const ref = userRefFrom(context, event.user);
    const wanted = new Map<string, WebLinkTarget>();
    for (const link of event.links) {
      const target = webLinkTarget(deps.webLinks, link.url);
      if (target && !wanted.has(link.url) && wanted.size < MAX_LINKS) wanted.set(link.url, target);
    }
    if (wanted.size === 0) return;
    const eventSaysExternal = (body as { is_ext_shared_channel?: unknown }).is_ext_shared_channel === true;
    const facts = await conversationFacts(client, event.channel, eventSaysExternal);
    const audience = await deps.services.unfurlAudience(ref, event.channel, facts.external);
    if (audience === "none") return;
    const links = [...wanted].map(([url, target]) => ({ url, target }));
    const cards = await readCards(deps, ref, links);
    if (cards.length === 0) return;
    const where = { channel: event.channel, ts: event.message_ts, postedBy: ref, ...facts };
    if (audience === "ask") {
      const threadTs = (event as { thread_ts?: string }).thread_ts;
      await askToUnfurl(
        deps,
        client,
        { ...where, links: cards.map(({ url, target }) => ({ url, target })) },
        cards,
        threadTs,
      );
      return;
    }
    await drawUnfurls(deps, client, where, cards);
  };
}
