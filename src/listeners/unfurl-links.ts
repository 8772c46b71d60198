import type { MessageAttachment } from "@slack/types";
import type { WebClient } from "@slack/web-api";
import type { UserRef } from "../domain/workspace-ref";
import type { UnfurlCardView } from "../services";
import { slackCall } from "../slack/slack-call";
import { SlackApiError } from "../slack/slack-errors";
import type { UnfurlPrompt } from "../store/unfurl-consent-store";
import { renderUnfurlCard } from "../ui/render-unfurl-card";
import { renderUnfurlPrompt, unfurlTitle } from "../ui/render-unfurl-prompt";
import type { WebLinkTarget } from "../ui/web-link-target";
import type { ListenerDeps } from "./listener-deps";

/** A link of a message and the card its poster's token read for it. */
export interface ReadCard {
  url: string;
  target: WebLinkTarget;
  view: UnfurlCardView;
}

/** The cards of a message's links that the poster may see (read with their token); others are left out. */
export async function readCards(
  deps: ListenerDeps,
  ref: UserRef,
  links: readonly { url: string; target: WebLinkTarget }[],
): Promise<ReadCard[]> {
  const cards = await Promise.all(
    links.map(async (link) => ({ ...link, view: await deps.services.unfurlCard(ref, link.target) })),
  );
  return cards.filter((c): c is ReadCard => c.view !== null);
}

/**
 * Attaches the cards to the posted message (chat.unfurl by channel and ts, which Slack accepts for a
 * message whose links it sent in link_shared, at any later time: the method's reference sets no deadline,
 * https://docs.slack.dev/reference/methods/chat.unfurl) and remembers those of open incidents for their refresh.
 */
export async function drawUnfurls(
  deps: ListenerDeps,
  client: WebClient,
  where: Pick<UnfurlPrompt, "channel" | "ts" | "postedBy" | "kind" | "external">,
  cards: readonly ReadCard[],
): Promise<void> {
  const unfurls: Record<string, MessageAttachment> = {};
  for (const card of cards) unfurls[card.url] = renderUnfurlCard(card.view, deps.webLinks);
  await slackCall(() => client.chat.unfurl({ channel: where.channel, ts: where.ts, unfurls }));
  await Promise.all(
    cards.map((card) =>
      deps.services
        .rememberUnfurl(
          {
            channel: where.channel,
            ts: where.ts,
            url: card.url,
            target: card.target,
            postedBy: where.postedBy,
            kind: where.kind,
            external: where.external,
          },
          card.view,
        )
        .catch((err: unknown) => deps.logger.warn({ err }, "could not remember an unfurl for its refresh")),
    ),
  );
}

/**
 * Asks the poster before any card (docs/slack-app.md "Link unfurls"): an ephemeral message where they
 * posted (in the thread, if they posted in one). Where the app cannot post (not a member: not_in_channel,
 * channel_not_found), the question goes to their DM with the app, naming the conversation.
 */
export async function askToUnfurl(
  deps: ListenerDeps,
  client: WebClient,
  prompt: UnfurlPrompt,
  cards: readonly ReadCard[],
  threadTs: string | undefined,
): Promise<void> {
  const promptId = await deps.services.askUnfurl(prompt);
  if (!promptId) return;
  const title = unfurlTitle(cards.map((c) => c.view));
  const user = prompt.postedBy.userId;
  try {
    const here = renderUnfurlPrompt({ title, promptId });
    await slackCall(() =>
      client.chat.postEphemeral({
        channel: prompt.channel,
        user,
        ...here,
        ...(threadTs ? { thread_ts: threadTs } : {}),
      }),
    );
  } catch (error) {
    if (!(error instanceof SlackApiError)) throw error;
    deps.logger.info(
      { err: error },
      "the preview question could not be posted where the link was; sending a DM",
    );
    const inDm = renderUnfurlPrompt({ title, promptId, channel: prompt.channel });
    await slackCall(() => client.chat.postMessage({ channel: user, ...inDm }));
  }
}
