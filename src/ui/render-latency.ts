import type { KnownBlock } from "@slack/types";
import type { LatencyView } from "../services/get-latency";
import { context, header } from "./query-parts";
import { periodLabel, sourceNote, spanText, subjectTitle } from "./render-availability";
import type { Rendered } from "./reply";
import { millis } from "./stats-parts";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

/**
 * `/uptime latency`: averages, fastest and slowest (A10 TotalDuration in ms). The bars per hour or day are the
 * chart under the answer, not a text bar.
 */
export function renderLatency(view: LatencyView): Rendered {
  const title = `Latency of ${subjectTitle(view.subject)}`;
  const blocks: KnownBlock[] = [header(title), context(periodLabel(view.period))];
  const s = view.series;
  if (!s || s.points.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("No latency data yet for this period.") });
  } else {
    const values = s.points
      .map((p) => p.totalMs)
      .filter((v): v is number => v !== null && Number.isFinite(v));
    blocks.push({
      type: "section",
      text: mrkdwn(spanText(s.points, s.precision === "daily")),
    });
    blocks.push({
      type: "section",
      fields: [
        mrkdwn(`*Average*\n${millis(s.averages.totalMs)}`, limits.sectionField),
        mrkdwn(`*metric0 average*\n${millis(s.averages.metric0Ms)}`, limits.sectionField),
        mrkdwn(
          `*Fastest ${s.precision === "daily" ? "day" : "hour"}*\n${values.length ? millis(Math.min(...values)) : "no data"}`,
          limits.sectionField,
        ),
        mrkdwn(
          `*Slowest ${s.precision === "daily" ? "day" : "hour"}*\n${values.length ? millis(Math.max(...values)) : "no data"}`,
          limits.sectionField,
        ),
      ],
    });
  }
  const note = sourceNote(view.source);
  if (note) blocks.push(context(note));
  const avg = s ? millis(s.averages.totalMs) : "no data";
  return {
    text: truncate(`${escapeMrkdwn(title)} (${view.period}): average ${avg}`, limits.messageText),
    blocks,
  };
}
