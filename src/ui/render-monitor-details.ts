import type { KnownBlock } from "@slack/types";
import { formatDuration, slackDate } from "../lib/format-time";
import type { MonitorDetailsView } from "../services/monitor-details";
import type { Check, Incident } from "../uptime/types";
import { tryEncode } from "./codec";
import { monitorActionCodec } from "./codecs";
import { actions } from "./ids";
import {
  context,
  freeText,
  header,
  incidentDuration,
  inline,
  listSections,
  REASON_MAX,
  stateEmoji,
  stateLabel,
  TARGET_MAX,
  targetOf,
} from "./query-parts";
import { deleteMonitorButton } from "./render-delete-monitor";
import type { Rendered } from "./reply";
import { availabilityLine, latencyLine } from "./stats-parts";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";
import { incidentLink, monitorLink, type WebLinks } from "./web-links";

/** Rows of the last checks and recent incidents shown (the API includes up to 10 incidents). */
const CHECK_ROWS = 5;
const INCIDENT_ROWS = 5;

/** "✅ *Blog* · fra · HTTP 200 · 123 ms · 10:04:05", with the error below a failed one. `monitorName` is mrkdwn. */
export function checkRow(check: Check, monitorName?: string): string {
  const emoji = check.passed ? "✅" : "❌";
  const parts = [
    monitorName ? `*${monitorName}*` : null,
    inline(check.location, 60),
    // A5: 0 means no HTTP answer.
    check.status ? `HTTP ${check.status}` : "no answer",
    check.durationMs !== null ? `${Math.round(check.durationMs)} ms` : null,
    slackDate(check.created, "{time_secs}"),
  ].filter(Boolean);
  const error = check.error ? `\n    ${freeText(check.error, REASON_MAX)}` : "";
  return `${emoji} ${parts.join(" · ")}${error}`;
}

function incidentRow(incident: Incident, now: number, links?: WebLinks): string {
  const emoji = incident.open ? "🔴" : "✅";
  const reason = incident.reason ? freeText(incident.reason, REASON_MAX) : "no reason given";
  const ack = incident.acknowledged ? " · acknowledged" : "";
  const maint = incident.maintenance ? " · maintenance" : "";
  const link = links ? ` · ${incidentLink(links, incident.id, `#${escapeMrkdwn(incident.id)}`)}` : "";
  return `${emoji} ${reason} · ${slackDate(incident.started)} · ${incidentDuration(incident, now)}${ack}${maint}${link}`;
}

/**
 * `/uptime monitor <name>` and the Details button: settings, state, 24 h sparklines, last checks, recent
 * incidents. With `links` (UPTIME_WEB_URL) a line under the header links the monitor (a header cannot hold a
 * link), and each recent incident links its own page.
 */
/**
 * `chart`: the answer shows the 24 h availability chart under it (`/uptime monitor`), so the availability and
 * latency lines carry no text bar; the alert's Details answer has no chart and keeps them.
 */
export function renderMonitorDetails(
  view: MonitorDetailsView,
  now: number,
  links?: WebLinks,
  { chart }: { chart: boolean } = { chart: false },
): Rendered {
  const m = view.monitor;
  const name = inline(m.name, 140);
  const target = inline(targetOf(m), TARGET_MAX);
  const s = m.settings;
  const fields = [
    `*State*\n${stateEmoji(m)} ${stateLabel(m)}`,
    `*Kind*\n${m.kind === "http" ? "HTTP" : m.kind === "tcp_port" ? "TCP port" : inline(m.kind, 50)}`,
    `*Target*\n${target}`,
    `*Group*\n${m.group ? inline(m.group, 100) : "none"}`,
    `*Interval*\n${m.interval ? `every ${formatDuration(m.interval)}` : "unknown"}`,
    s.keywordBody ? `*Keyword*\n${inline(s.keywordBody, 100)}` : null,
    s.timeout !== undefined ? `*Timeout*\n${s.timeout} s` : null,
    m.pronounceable ? `*Spoken as*\n${inline(m.pronounceable, 100)}` : null,
    m.createdAt ? `*Created*\n${slackDate(m.createdAt)}` : null,
    `*ID*\n${escapeMrkdwn(m.id)}`,
  ].filter((f): f is string => f !== null);

  const blocks: KnownBlock[] = [
    header(`${stateEmoji(m)} ${truncate(m.name, 140)}`),
    ...(links ? [context(`Open *${monitorLink(links, m.id, name)}* in the Uptime web app`)] : []),
    {
      type: "section",
      fields: fields.slice(0, limits.sectionFields).map((f) => mrkdwn(f, limits.sectionField)),
    },
    {
      type: "section",
      text: mrkdwn(
        `*Availability, last 24 h*\n${availabilityLine(m.availabilityHourly, { bar: !chart })}\n*Latency, last 24 h*\n${latencyLine(m.latencyHourly, { bar: !chart })}`,
      ),
    },
  ];

  const checks = [...(m.checks ?? [])].sort((a, b) => b.created.getTime() - a.created.getTime());
  blocks.push({ type: "section", text: mrkdwn(checks.length ? "*Last checks*" : "*Last checks*\nnone yet") });
  blocks.push(
    ...listSections(
      checks.slice(0, CHECK_ROWS).map((c) => checkRow(c)),
      1,
    ),
  );

  const incidents = [...(m.incidents?.items ?? [])].sort((a, b) => b.started.getTime() - a.started.getTime());
  const total = m.incidents?.total ?? incidents.length;
  blocks.push({
    type: "section",
    text: mrkdwn(incidents.length ? `*Recent incidents* (${total} in all)` : "*Recent incidents*\nnone"),
  });
  blocks.push(
    ...listSections(
      incidents.slice(0, INCIDENT_ROWS).map((i) => incidentRow(i, now, links)),
      1,
    ),
  );

  const toggle = tryEncode(monitorActionCodec, { monitorId: m.id });
  if (toggle) {
    blocks.push({
      type: "actions",
      elements: [
        {
          type: "button",
          action_id: m.paused ? actions.resumeMonitor : actions.pauseMonitor,
          text: plainText(m.paused ? "Resume" : "Pause", limits.buttonText),
          value: toggle,
        },
        {
          type: "button",
          action_id: actions.editMonitor,
          text: plainText("Edit", limits.buttonText),
          value: toggle,
        },
        deleteMonitorButton(m),
      ],
    });
  }
  blocks.push(
    context(
      `\`/uptime availability ${escapeMrkdwn(m.id)} 30d\` · \`/uptime latency ${escapeMrkdwn(m.id)} 30d\` · \`/uptime incidents\``,
    ),
  );
  return {
    text: truncate(`${name}: ${stateLabel(m)}, ${target}`, limits.messageText),
    blocks,
  };
}
