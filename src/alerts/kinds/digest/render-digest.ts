import type { KnownBlock } from "@slack/types";
import { formatDuration, slackDate } from "../../../lib/format-time";
import type { Rendered } from "../../../ui/reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "../../../ui/text";
import { DIGEST_INCIDENT_PAGES, DIGEST_MONITOR_PAGES, type DigestReport } from "../../model";

/** Why a digest's numbers may leave some out: it stopped reading at its page caps (10 items a page). */
export const DIGEST_CAPPED_NOTE = `Very many monitors or incidents: this digest stopped reading at ${DIGEST_MONITOR_PAGES} pages of monitors and ${DIGEST_INCIDENT_PAGES} of incidents, and its numbers cover what it read.`;

export interface DigestHeading {
  requestedBy: string;
  scheduled: boolean;
}

const NAME_MAX = 120;
const GROUPS_SHOWN = 10;

export function percent(value: number | null): string {
  if (value === null) return "no data";
  // Two decimals: 99.95 % and 100 % are different weeks.
  const rounded = Math.floor(value * 100) / 100;
  return `${rounded.toFixed(rounded === 100 ? 0 : 2)} %`;
}

function name(text: string): string {
  return escapeMrkdwn(truncate(text, NAME_MAX));
}

function mean(value: DigestReport["mtta"], what: string): string {
  if (!value) return `no incident ${what}`;
  return `${formatDuration(value.seconds)} (${value.of} incident${value.of === 1 ? "" : "s"})`;
}

export function digestTitle(report: Pick<DigestReport, "cadence">): string {
  return report.cadence === "daily" ? "Daily digest" : "Weekly digest";
}

/** Times are Slack date tokens; the zone is named because 09:00 is the subscriber's. */
export function renderDigest(report: DigestReport, heading: DigestHeading): Rendered {
  const title = digestTitle(report);
  const team = name(report.team.name);
  const span = `${slackDate(report.period.from)} to ${slackDate(report.period.to)}`;
  // The notification text is mrkdwn too: a team named `<!channel>` must not ping anyone.
  const text = `${title} for ${escapeMrkdwn(report.team.name)}: ${percent(report.availability)} available, ${report.incidentsOpened} incident${report.incidentsOpened === 1 ? "" : "s"} opened`;

  const blocks: KnownBlock[] = [
    {
      type: "section",
      text: mrkdwn(
        `:bar_chart: *${title} for ${team}*${report.filtered ? " (this channel's monitors)" : ""}\n${span}`,
      ),
    },
    {
      type: "section",
      fields: [
        mrkdwn(
          `*Availability*\n${percent(report.availability)} over ${report.monitorCount} monitor${report.monitorCount === 1 ? "" : "s"}`,
        ),
        mrkdwn(`*Incidents opened*\n${report.incidentsOpened}`),
        mrkdwn(`*Downtime*\n${report.downtimeSeconds > 0 ? formatDuration(report.downtimeSeconds) : "none"}`),
        mrkdwn(`*Mean time to acknowledge*\n${mean(report.mtta, "acknowledged")}`),
        mrkdwn(`*Mean time to recover*\n${mean(report.mttr, "recovered")}`),
        ...(report.heldBack
          ? [
              mrkdwn(
                `*Short outages held back*\n${report.heldBack.count} (under ${formatDuration(report.heldBack.afterSeconds)})`,
              ),
            ]
          : []),
      ],
    },
  ];
  const named = report.groups.filter((g) => g.name !== null);
  if (named.length > 0) {
    const lines = report.groups
      .slice(0, GROUPS_SHOWN)
      .map(
        (g) =>
          `• ${g.name === null ? "_no group_" : name(g.name)}: ${percent(g.availability)} (${g.monitors})`,
      );
    if (report.groups.length > GROUPS_SHOWN)
      lines.push(`…and ${report.groups.length - GROUPS_SHOWN} more groups`);
    blocks.push({ type: "section", text: mrkdwn(`*By group*\n${lines.join("\n")}`, limits.sectionText) });
  }
  const worst =
    report.worst.length === 0
      ? "None: every monitor was up the whole time."
      : report.worst
          .map(
            (m, i) =>
              `${i + 1}. *${name(m.name)}*: ${percent(m.availability)}, down ${formatDuration(m.downtimeSeconds)}, ${m.incidents} incident${m.incidents === 1 ? "" : "s"}`,
          )
          .join("\n");
  blocks.push({ type: "section", text: mrkdwn(`*Worst monitors*\n${worst}`) });
  const notes = [
    heading.scheduled
      ? `${report.cadence === "daily" ? "Every day" : "Every Monday"} at 09:00 ${escapeMrkdwn(report.timeZone)}, subscribed by <@${heading.requestedBy}>.`
      : `Asked for by <@${heading.requestedBy}> with /uptime digest.`,
  ];
  if (report.capped) notes.push(DIGEST_CAPPED_NOTE);
  blocks.push({ type: "context", elements: [mrkdwn(notes.join(" "))] });
  return { text, blocks };
}

/** Where a digest could not be read (the subscriber's link is gone, or the API refused): said, not skipped. */
export function renderDigestUnavailable(
  report: Pick<DigestReport, "cadence">,
  why: string,
  subscriber: string,
): Rendered {
  const text = `${digestTitle(report)} could not be read: ${why}`;
  return {
    text,
    blocks: [
      {
        type: "section",
        text: mrkdwn(`:warning: *${digestTitle(report)}* could not be read: ${escapeMrkdwn(why)}`),
      },
      {
        type: "context",
        elements: [
          mrkdwn(
            `<@${subscriber}> subscribed this channel: \`/uptime login\` and \`/uptime subscribe\` again fix it.`,
          ),
        ],
      },
    ],
  };
}
