import type { KnownBlock } from "@slack/types";
import { SLOW_RECOVERY_CHECKS } from "../../../domain/alert-rule-bounds";
import { formatDurationMs, type SlowRule } from "../../../domain/slow-rule";
import { slackDate } from "../../../lib/format-time";
import { chartImageBlock } from "../../../ui/charts/chart-image-block";
import { escapeMrkdwn, limits, mrkdwn } from "../../../ui/text";
import { monitorLink, type WebLinks } from "../../../ui/web-links";
import { ALERT_COLORS, monitorName, monitorTarget, type RenderedAlert } from "../../engine/alert-parts";
import type { AlertMonitor, SlowSample } from "../../model";

export interface SlowAlertInput {
  monitorId: string;
  monitor: AlertMonitor | null;
  rule: SlowRule;
  since: number;
  samples: readonly SlowSample[];
  /** slow: amber; fast: green, the last SLOW_RECOVERY_CHECKS checks were under the threshold. */
  phase: "slow" | "fast";
  chart?: { fileId: string; altText: string; title: string } | undefined;
  links?: WebLinks | undefined;
}

/** Newest checks shown in the message text (the chart shows them all). */
const LISTED_SAMPLES = 6;

/** Not an incident: no Acknowledge, no Mute menu, no ping (it never escalates). */
export function renderSlowAlert(input: SlowAlertInput): RenderedAlert {
  const text = headline(input);
  const body: KnownBlock[] = [
    { type: "section", fields: fields(input) },
    { type: "context", elements: [mrkdwn(`*Latest checks:* ${sampleList(input.samples)}`)] },
  ];
  if (input.chart) body.push(chartImageBlock(input.chart.fileId, input.chart.altText, input.chart.title));
  // Like an incident's root (render-alert-root.ts): the text, then a colored bar with the details.
  const color = input.phase === "fast" ? ALERT_COLORS.resolved : ALERT_COLORS.acknowledged;
  return { text, attachments: [{ color, fallback: text, blocks: body }] };
}

function headline(input: SlowAlertInput): string {
  const name = monitorName(input.monitor, input.monitorId);
  const threshold = formatDurationMs(input.rule.thresholdMs);
  if (input.phase === "fast") {
    return `✅ ${name} is fast again: ${SLOW_RECOVERY_CHECKS} checks in a row took ${threshold} or less`;
  }
  const latest = input.samples.at(-1);
  const took = latest ? `, the latest took ${seconds(latest.ms)}` : "";
  return `🟠 ${name} is slow: ${input.rule.checks} checks in a row took over ${threshold}${took}`;
}

function fields(input: SlowAlertInput) {
  const name = monitorName(input.monitor, input.monitorId);
  const target = monitorTarget(input.monitor);
  const values = input.samples.map((s) => s.ms);
  const range = values.length ? `${seconds(Math.min(...values))} to ${seconds(Math.max(...values))}` : "none";
  return [
    mrkdwn(`*Monitor*\n${monitorLink(input.links, input.monitorId, name)}`, limits.sectionField),
    ...(target ? [mrkdwn(`*Target*\n${target}`, limits.sectionField)] : []),
    mrkdwn(`*Slow since*\n${slackDate(input.since)}`, limits.sectionField),
    mrkdwn(
      `*Threshold*\nover ${formatDurationMs(input.rule.thresholdMs)}, ${input.rule.checks} in a row`,
      limits.sectionField,
    ),
    mrkdwn(`*Last ${values.length} checks*\n${range}`, limits.sectionField),
  ];
}

/** `2.41 s (lon), 2.38 s (nyc)`: newest first, as a reader scans them. */
export function sampleList(samples: readonly SlowSample[]): string {
  const newest = samples.slice(-LISTED_SAMPLES).reverse();
  if (newest.length === 0) return "none yet";
  return newest.map((s) => `${seconds(s.ms)} (${escapeMrkdwn(s.location)})`).join(", ");
}

export function seconds(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
