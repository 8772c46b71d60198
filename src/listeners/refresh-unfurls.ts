import type { Logger } from "../lib/logger";
import type { Services } from "../services";
import type { PosterFor } from "../slack/slack-poster";
import { renderUnfurlCard } from "../ui/render-unfurl-card";
import type { WebLinks } from "../ui/web-links";

/**
 * An incident changed (the alert pipeline's event): every unfurl card showing it is read again with the
 * token of the person who posted its link, and drawn again on the same message (chat.unfurl with the same
 * channel and ts replaces the card: https://docs.slack.dev/reference/methods/chat.unfurl). A poster who can
 * no longer see it (logged out, left the team) gets no new card: the old one stays as it was drawn for them.
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
