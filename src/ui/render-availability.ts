import type { KnownBlock } from "@slack/types";
import { formatDuration, slackDate } from "../lib/format-time";
import type { AvailabilityView } from "../services/get-availability";
import type { StatsSource, StatsSubject } from "../services/stats-target";
import { context, header, NAME_MAX } from "./query-parts";
import type { Rendered } from "./reply";
import { percent } from "./stats-parts";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

/** "monitor Blog", "group API", "team Acme Production": plain text for headers. */
export function subjectTitle(subject: StatsSubject): string {
  const name = truncate(subject.name, NAME_MAX);
  return subject.kind === "team" ? `team ${name}` : subject.kind === "group" ? `group ${name}` : name;
}

export function periodLabel(period: "24h" | "30d"): string {
  return period === "24h" ? "last 24 hours, per hour" : "last 30 days, per day";
}

/** Where the numbers come from, when they are not the API's own series. */
export function sourceNote(source: StatsSource): string | null {
  if (source.kind === "api") return null;
  const capped = source.capped ? " (the first 100; the team has more)" : "";
  return `The API has no such series for a whole team: computed here from ${source.monitors} monitor${source.monitors === 1 ? "" : "s"}${capped}, each weighing the same.`;
}

/** The first and last point, as Slack dates. */
export function spanText(points: readonly { time: Date }[], daily: boolean): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return "";
  const format = daily ? "{date_short}" : "{date_short} {time}";
  return `${slackDate(first.time, format)} → ${slackDate(last.time, format)}`;
}

/**
 * `/uptime availability`: total percent, downtime, the worst hour or day and the points without data (A10).
 * The bars per hour or day are the chart under the answer (ui/charts/stats-charts.ts), not a text bar: one
 * picture.
 */
export function renderAvailability(view: AvailabilityView): Rendered {
  const title = `Availability of ${subjectTitle(view.subject)}`;
  const blocks: KnownBlock[] = [header(title), context(periodLabel(view.period))];
  const s = view.series;
  if (!s || s.points.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("No availability data yet for this period.") });
  } else {
    const worst = s.points.reduce<{ time: Date; availability: number } | null>(
      (acc, p) =>
        p.availability !== null && (acc === null || p.availability < acc.availability)
          ? { time: p.time, availability: p.availability }
          : acc,
      null,
    );
    const daily = s.precision === "daily";
    blocks.push({
      type: "section",
      text: mrkdwn(spanText(s.points, daily)),
    });
    blocks.push({
      type: "section",
      fields: [
        mrkdwn(`*Availability*\n${percent(s.totals.availability)}`, limits.sectionField),
        mrkdwn(
          `*Downtime*\n${s.totals.downtimeSeconds === null ? "no data" : formatDuration(s.totals.downtimeSeconds)}`,
          limits.sectionField,
        ),
        ...(worst && worst.availability < 100
          ? [
              mrkdwn(
                `*Worst ${daily ? "day" : "hour"}*\n${percent(worst.availability)} at ${slackDate(worst.time, daily ? "{date_short}" : "{date_short} {time}")}`,
                limits.sectionField,
              ),
            ]
          : []),
        mrkdwn(
          `*Points without data*\n${s.points.filter((p) => p.availability === null).length} of ${s.points.length}`,
          limits.sectionField,
        ),
      ],
    });
  }
  const note = sourceNote(view.source);
  if (note) blocks.push(context(note));
  const total = s ? percent(s.totals.availability) : "no data";
  return { text: truncate(`${escapeMrkdwn(title)} (${view.period}): ${total}`, limits.messageText), blocks };
}
