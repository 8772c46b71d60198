import type { Logger } from "../lib/logger";
import type { Services } from "../services";
import type { PosterFor } from "../slack/slack-poster";
import { renderUnfurlCard } from "../ui/render-unfurl-card";
import type { WebLinks } from "../ui/web-links";

/**
 * An incident changed (the alert pipeline's event): every unfurl card showing it is read again with the
 * token of the person who posted its link, and drawn again on the same message (chat.unfurl with the same
 * channel and ts replaces the card: https://docs.slack.dev/reference/methods/chat.unfurl). A poster who can
 * no longer see it (logged out, left the team) gets no new card: the old one stays as it was drawn for them,
 * and it is refreshed no more (services/unfurl-cards.ts). Nor is it once they left the channel: a card
 * drawn with their token must not go on telling its members what they may no longer read there.
 * One card's failure is logged and costs the others nothing.
 */
export async function refreshUnfurls(
  deps: { services: Services; posterFor: PosterFor; webLinks?: WebLinks | undefined; logger: Logger },
  incidentId: string,
): Promise<void> {
  const refreshes = await deps.services.unfurlsToRefresh(incidentId);
  await Promise.all(
    refreshes.map(async ({ record, view }) => {
      if (!view) return;
      try {
        const poster = await deps.posterFor(record.postedBy);
        // A DM's members never change; a channel (or a record of an older version) is read again.
        if ((record.kind ?? "channel") === "channel" && poster.isMember) {
          const member = await poster.isMember(record.channel, record.postedBy.userId);
          if (member !== true) {
            await deps.services.forgetUnfurl(incidentId, record);
            return;
          }
        }
        await poster.unfurl?.({
          channel: record.channel,
          ts: record.ts,
          unfurls: { [record.url]: renderUnfurlCard(view, deps.webLinks) },
        });
      } catch (err) {
        deps.logger.warn({ err, incidentId, channel: record.channel }, "an unfurl could not be refreshed");
      }
    }),
  );
}
