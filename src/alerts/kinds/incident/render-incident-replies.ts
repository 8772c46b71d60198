import { formatDuration, slackDate } from "../../../lib/format-time";
import { escapeMrkdwn, mrkdwn, truncate } from "../../../ui/text";
import { monitorLink, type WebLinks } from "../../../ui/web-links";
import { downtimeSeconds, epochOf, monitorName, type RenderedAlert } from "../../engine/alert-parts";
import type { AlertMonitor, IncidentSnapshot } from "../../model";

// The incident's thread replies: quiet, the person named and never pinged.

/** Named, not mentioned: a `<@U…>` would notify the very person who just acted. */
export function renderAcknowledgedReply(input: { name: string | null; inSlack: boolean }): RenderedAlert {
  const who = input.inSlack
    ? input.name
      ? `by ${escapeMrkdwn(truncate(input.name, 80))}`
      : "in Slack"
    : "in the Uptime app";
  const text = `👀 Acknowledged ${who}`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

/** A quiet thread reply: the person is named, not pinged. */
export function renderMuteReply(input: {
  change: "muted" | "unmuted";
  name: string | null;
  until?: number;
}): RenderedAlert {
  const by = input.name ? ` by ${escapeMrkdwn(truncate(input.name, 80))}` : "";
  const text =
    input.change === "muted"
      ? `🔕 Muted here${by}${input.until !== undefined ? ` until ${slackDate(input.until, "{time}")}` : ""}`
      : `🔔 Unmuted here${by}`;
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}

export interface RecoveryReplyInput {
  incident: IncidentSnapshot;
  monitor: AlertMonitor | null;
  links?: WebLinks | undefined;
  now: number;
  /** A mute until recovered ended with this recovery: who had set it ("" when unknown). */
  muteEndedBy?: string | undefined;
}

/** The one thread reply under a recovered root: no mention and (the caller's part) no broadcast. */
export function renderRecoveryReply(input: RecoveryReplyInput): RenderedAlert {
  const name = monitorName(input.monitor, input.incident.monitorId);
  const duration = formatDuration(downtimeSeconds(input.incident, input.now));
  const muteEnded =
    input.muteEndedBy === undefined
      ? ""
      : ` The mute${input.muteEndedBy ? ` set by <@${escapeMrkdwn(input.muteEndedBy)}>` : ""} until it recovered has ended: new alerts for it are posted here again.`;
  const text = `✅ ${name} recovered after ${duration}${muteEnded ? ". Its mute here has ended" : ""}`;
  const ended = epochOf(input.incident.ended);
  const when = Number.isFinite(ended) ? ` at ${slackDate(ended)}` : "";
  return {
    text,
    blocks: [
      {
        type: "section",
        text: mrkdwn(
          `✅ *${monitorLink(input.links, input.incident.monitorId, name)}* recovered${when} after ${duration} of downtime.${muteEnded}`,
        ),
      },
    ],
  };
}
