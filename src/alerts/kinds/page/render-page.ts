import type { KnownBlock } from "@slack/types";
import { isTestIncidentId } from "../../../domain/test-alert-id";
import { formatDuration } from "../../../lib/format-time";
import { tryEncode } from "../../../ui/codec";
import { pageAcknowledgeCodec } from "../../../ui/codecs";
import { actions } from "../../../ui/ids";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "../../../ui/text";
import { incidentLink, monitorLink, type WebLinks } from "../../../ui/web-links";
import { downtimeSeconds, monitorName, type RenderedAlert, testMarked } from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot } from "../../model";

/** "a", "a and b", "a, b and c": how a person lists the paged. */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Who a page names, as Slack mentions: people, then user groups. */
export function pagedMentions(page: { users: readonly string[]; groups: readonly string[] }): string[] {
  return [...page.users.map((id) => `<@${id}>`), ...page.groups.map((id) => `<!subteam^${id}>`)];
}

/** The page's own line: user text, so escaped (no injected mentions) and kept short. */
function quoted(message: string | undefined): string {
  const text = message?.trim();
  return text ? escapeMrkdwn(truncate(text, 500)) : "";
}

/** "@sam paged @rita and @ops: the DB is on fire" in the incident's thread: it pings the paged (TEST first on a test alert). */
export function renderPageLine(input: {
  incidentId?: string | undefined;
  by: string;
  users: readonly string[];
  groups: readonly string[];
  message?: string | undefined;
}): RenderedAlert {
  const message = quoted(input.message);
  const line = `📟 <@${input.by}> paged ${listOf(pagedMentions(input))}${message ? `: ${message}` : ""}`;
  const text = input.incidentId ? testMarked(input.incidentId, line) : line;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

/** "@rita answered the page": a quiet reply, the page's timeline. */
export function renderPageAnswer(input: { by: string }): RenderedAlert {
  const text = `✅ <@${input.by}> answered the page`;
  return { text, blocks: [{ type: "context", elements: [mrkdwn(text)] }] };
}

export interface PageDmInput {
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
  apiTeamId: string;
  subscriptionId: string;
  pageId: string;
  by: string;
  message?: string | undefined;
  /** The alert's channel, so that the paged person finds the thread. */
  channelId: string;
  links?: WebLinks | undefined;
  now: number;
}

/** The DM to each paged person: what is down, since when, who paged them and why, with Acknowledge. */
export function renderPageDm(input: PageDmInput): RenderedAlert {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const down = formatDuration(downtimeSeconds(input.incident, input.now));
  const message = quoted(input.message);
  const { id } = input.incident;
  const text = testMarked(
    id,
    `📟 <@${input.by}> paged you: ${name} is down (for ${down}) in <#${input.channelId}>${message ? `: ${message}` : ""}`,
  );
  // A test alert's id names no incident of the API: nothing to link to.
  const incident =
    input.links && !isTestIncidentId(id)
      ? ` · ${incidentLink(input.links, input.incident.id, `#${escapeMrkdwn(input.incident.id)}`)}`
      : "";
  const blocks: KnownBlock[] = [
    {
      type: "section",
      text: mrkdwn(
        testMarked(id, "") +
          `📟 *<@${input.by}> paged you* about *${monitorLink(input.links, input.incident.monitorId, name)}*, down for ${down} in <#${input.channelId}>${incident}`,
      ),
    },
  ];
  if (message) blocks.push({ type: "section", text: mrkdwn(`> ${message}`) });
  const value = tryEncode(pageAcknowledgeCodec, {
    incidentId: input.incident.id,
    teamId: input.apiTeamId,
    subscriptionId: input.subscriptionId,
    pageId: input.pageId,
  });
  if (value && !input.incident.ended) {
    blocks.push({
      type: "actions",
      elements: [
        {
          type: "button",
          action_id: actions.pageAcknowledge,
          style: "primary",
          text: plainText("Acknowledge", limits.buttonText),
          value,
        },
      ],
    });
  }
  return { text, blocks };
}
