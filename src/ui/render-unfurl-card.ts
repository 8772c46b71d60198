import type { ActionsBlockElement, KnownBlock, MessageAttachment } from "@slack/types";
import { slackDate } from "../lib/format-time";
import type { UnfurlCardView } from "../services/unfurl-cards";
import { acknowledgeButton } from "./acknowledge-button";
import { tryEncode } from "./codec";
import { detailsCodec } from "./codecs";
import { actions } from "./ids";
import { inline, NAME_MAX, stateEmoji, stateLabel } from "./query-parts";
import { runbookBlock } from "./runbook-buttons";
import { escapeMrkdwn, limits, mrkdwn, plainText } from "./text";
import { incidentLink, monitorLink, type WebLinks } from "./web-links";

/** The card's colour bar, as the alert messages use them: red open, amber acknowledged, green otherwise. */
const COLORS = { open: "#d1242f", acknowledged: "#d4a72c", fine: "#1a7f37" } as const;

function stateLine(view: UnfurlCardView): string {
  const { monitor, incident } = view;
  if (incident?.open) return incident.acknowledged ? "🟠 down, acknowledged" : "🔴 down";
  if (!monitor) return "monitor deleted";
  return `${stateEmoji(monitor)} ${stateLabel(monitor)}`;
}

function availabilityText(percent: number | null): string {
  return percent === null ? "no data" : `${percent.toFixed(percent >= 99.995 ? 0 : 2)}%`;
}

/**
 * The card of an unfurled monitor or incident link (docs/slack-app.md "Link unfurls"): name, state, since
 * when, availability over 24 h, who acknowledged, and the buttons that fit: Acknowledge while the incident
 * is open and unacknowledged, Details always (both answer the clicker with their own token, as on alerts).
 * Every value from the API is escaped; times are Slack date tokens, so each reader sees their time zone.
 */
export function renderUnfurlCard(view: UnfurlCardView, links: WebLinks | undefined): MessageAttachment {
  const { monitor, incident } = view;
  const name = monitor ? inline(monitor.name, NAME_MAX) : "a deleted monitor";
  const title = monitor ? monitorLink(links, monitor.id, name) : name;
  const heading =
    view.target.kind === "incident" && incident
      ? `*${title}*: incident ${incidentLink(links, incident.id, `#${escapeMrkdwn(incident.id)}`)}`
      : `*${title}*`;
  const fields = [
    mrkdwn(`*State*\n${stateLine(view)}`),
    mrkdwn(`*Since*\n${view.since ? slackDate(view.since) : "no incident yet"}`),
    mrkdwn(`*Availability, 24 h*\n${availabilityText(view.availability24h)}`),
  ];
  if (incident?.acknowledged) {
    const by = view.ackedBy ? `<@${escapeMrkdwn(view.ackedBy)}>` : "in the Uptime app";
    fields.push(mrkdwn(`*Acknowledged*\n${by}, ${slackDate(incident.acknowledged)}`));
  }
  const blocks: KnownBlock[] = [{ type: "section", text: mrkdwn(heading), fields }];
  const buttons: ActionsBlockElement[] = [];
  if (incident?.open && !incident.acknowledged && view.teamId) {
    const ack = acknowledgeButton({ incidentId: incident.id, teamId: view.teamId });
    if (ack) buttons.push(ack);
  }
  const detailsValue = monitor
    ? tryEncode(detailsCodec, { monitorId: monitor.id, ...(incident ? { incidentId: incident.id } : {}) })
    : undefined;
  if (detailsValue) {
    buttons.push({
      type: "button",
      action_id: actions.details,
      text: plainText("Details", limits.buttonText),
      value: detailsValue,
    });
  }
  if (buttons.length > 0) blocks.push({ type: "actions", elements: buttons });
  if (incident?.open) blocks.push(...runbookBlock(view.runbooks));
  const color = incident?.open ? (incident.acknowledged ? COLORS.acknowledged : COLORS.open) : COLORS.fine;
  const fallback = monitor ? `${monitor.name}: ${stateLine(view)}` : stateLine(view);
  return { color, fallback, blocks };
}
