import type { Button, KnownBlock, MessageAttachment } from "@slack/types";
import type { Mention } from "../../domain/escalation-steps";
import type { Runbook } from "../../domain/runbooks";
import { isTestIncidentId } from "../../domain/test-alert-id";
import { tryEncode } from "../../ui/codec";
import { incidentChannelCodec } from "../../ui/codecs";
import { actions } from "../../ui/ids";
import { escapeMrkdwn, limits, plainText, truncate } from "../../ui/text";
import type { AlertMonitor, IncidentSnapshot, IncidentStage } from "../model";

/** An alert message: the top-level `text` (the notification, says what broke) and a colored bar. */
export interface RenderedAlert {
  text: string;
  blocks?: KnownBlock[];
  attachments?: MessageAttachment[];
}

/** The bar colors Slack users know from alerting apps: Slack's own red, yellow and green. */
export const ALERT_COLORS: Record<IncidentStage, string> = {
  open: "#E01E5A",
  acknowledged: "#ECB22E",
  resolved: "#2EB67D",
};

export const STAGE_EMOJI: Record<IncidentStage, string> = {
  open: "🔴",
  acknowledged: "🟠",
  resolved: "✅",
};

/** A test alert's (`/uptime test`) messages say so first, at every stage, so nobody takes one for an outage. */
export function testMarked(incidentId: string, line: string): string {
  return isTestIncidentId(incidentId) ? `🧪 TEST · ${line}` : line;
}

/** Names and targets are user text: escaped (no injected mentions) and kept short enough for a headline. */
const NAME_MAX = 150;
const TARGET_MAX = 500;

export function monitorName(monitor: AlertMonitor | null, monitorId: string): string {
  return escapeMrkdwn(truncate(monitor?.name || `Monitor ${monitorId}`, NAME_MAX));
}

/** Already scrubbed: by the decoders, and for records of older versions by the store's schema. */
export function monitorTarget(monitor: AlertMonitor | null): string | null {
  const target = monitor?.target ?? "";
  return target ? escapeMrkdwn(truncate(target, TARGET_MAX)) : null;
}

/**
 * `<!here>`, `<!channel>`, `<!subteam^ID|@handle>` or `<@U123>`: the only pings the app ever sends.
 * `oncall` pings nobody here: the plan resolves it to the person on call first (resolveMention).
 */
export function mentionToken(mention: Mention | null | undefined): string {
  if (!mention || mention.kind === "oncall") return "";
  if (mention.kind === "usergroup") return `<!subteam^${mention.id}|@${mention.handle}>`;
  if (mention.kind === "user") return `<@${mention.id}>`;
  return mention.kind === "here" ? "<!here>" : "<!channel>";
}

export function epochOf(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

/** Outage length in seconds: ended - started, or now - started while open; NaN-safe (formatDuration gives 0s). */
export function downtimeSeconds(incident: IncidentSnapshot, now: number): number {
  const end = incident.ended ? epochOf(incident.ended) : now;
  return (end - epochOf(incident.started)) / 1000;
}

/** One button opens the channel once and then answers its link; left out when the ids do not fit. */
export function incidentChannelButton(value: {
  teamId: string;
  channelId: string;
  incidentId?: string;
}): Button | undefined {
  const encoded = tryEncode(incidentChannelCodec, value);
  if (encoded === undefined) return undefined;
  return {
    type: "button",
    action_id: actions.openIncidentChannel,
    text: plainText("Open incident channel", limits.buttonText),
    value: encoded,
  };
}

/** The runbooks an alert of a monitor shows: its own, then its group's (src/store/runbook-store.ts). */
export type RunbookLookup = (monitor: {
  apiTeamId: string;
  monitorId: string;
  group?: string | null | undefined;
}) => Promise<Runbook[]>;

export const noRunbooks: RunbookLookup = () => Promise.resolve([]);

/** The runbooks as link buttons of their own block: the one part every alert renderer adds. */
export { runbookBlock } from "../../ui/runbook-buttons";
