import { describe, expect, it } from "vitest";
import type { MonitorDetailsView } from "../../../src/services/monitor-details";
import { monitorActionCodec } from "../../../src/ui/codecs";
import { actions } from "../../../src/ui/ids";
import { renderMonitorDetails } from "../../../src/ui/render-monitor-details";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import {
  check,
  closedIncident,
  hourlyAvailability,
  hourlyLatency,
  incident,
  longText,
  monitor,
  mrkdwnOf,
  NOW,
  WEB_LINKS,
} from "./query-fixtures";

function view(overrides: Partial<MonitorDetailsView["monitor"]> = {}): MonitorDetailsView {
  const incidents = [closedIncident(), incident()];
  return {
    teamId: "1",
    monitor: monitor({
      state: "down",
      stateCode: -10,
      checks: [
        check(),
        check({ location: "nyc", passed: false, status: 0, durationMs: 30000, error: "Connection timeout" }),
      ],
      incidents: { ids: incidents.map((i) => i.id), items: incidents, total: 7 },
      availabilityHourly: {
        id: "a",
        url: null,
        meta: {},
        timeFrom: null,
        timeTo: null,
        ...hourlyAvailability(),
      },
      latencyHourly: { id: "l", url: null, meta: {}, timeFrom: null, timeTo: null, ...hourlyLatency() },
      ...overrides,
    }),
  };
}

describe("renderMonitorDetails", () => {
  it("shows settings, state, sparklines, last checks and recent incidents", () => {
    expect(renderMonitorDetails(view(), NOW)).toMatchSnapshot();
  });

  it("draws text bars only without a chart (the alert's Details), and never in inline code", () => {
    const details = textOf(renderMonitorDetails(view(), NOW));
    const withChart = textOf(renderMonitorDetails(view(), NOW, undefined, { chart: true }));
    // Slack draws inline code in red: no bar sits between backticks, with a chart or without.
    for (const text of [details, withChart]) expect(text).not.toMatch(/`[^`]*[▁▂▃▄▅▆▇█][^`]*`/);
    expect(details).toMatch(/\*Availability, last 24 h\*\n[▁▂▃▄▅▆▇█·]{24} 99\.78% · downtime /);
    expect(details).toMatch(/\*Latency, last 24 h\*\n[▁▂▃▄▅▆▇█·]{24} avg \d+ ms/);
    // With the chart: the numbers stay, the bars go.
    expect(withChart).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    expect(withChart).toMatch(/\*Availability, last 24 h\*\n99\.78% · downtime /);
    expect(withChart).toMatch(/\*Latency, last 24 h\*\navg \d+ ms/);
  });

  it("offers Pause for an active monitor and Resume for a paused one", () => {
    const button = (paused: boolean) =>
      renderMonitorDetails(view({ paused }), NOW).blocks?.flatMap((b) =>
        b.type === "actions" ? b.elements : [],
      )[0] as { action_id: string; value: string } | undefined;
    expect(button(false)?.action_id).toBe(actions.pauseMonitor);
    expect(button(true)?.action_id).toBe(actions.resumeMonitor);
    expect(monitorActionCodec.decode(button(true)?.value)).toEqual({ monitorId: "5" });
  });

  it("says there is no data rather than drawing nothing", () => {
    const text = textOf(
      renderMonitorDetails(
        view({ checks: [], incidents: undefined, availabilityHourly: null, latencyHourly: undefined }),
        NOW,
      ),
    );
    expect(text).toContain("no data yet");
    expect(text).toContain("none yet");
  });

  it("stays within Block Kit limits with 50 checks and 5,000-character reasons and names", () => {
    const checks = Array.from({ length: 50 }, (_, i) =>
      check({ id: String(i), passed: false, error: longText(5000), location: longText(300) }),
    );
    const items = Array.from({ length: 10 }, (_, i) => incident({ id: String(i), reason: longText(5000) }));
    const rendered = renderMonitorDetails(
      view({
        name: longText(5000),
        group: longText(5000),
        pronounceable: longText(5000),
        settings: { url: longText(5000), keywordBody: longText(5000) },
        checks,
        incidents: { ids: [], items, total: 500 },
      }),
      NOW,
    );
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    expect(mrkdwnOf(rendered)).not.toContain("<!channel>");
  });
});

describe("renderMonitorDetails with UPTIME_WEB_URL", () => {
  it("links the monitor under the header and each recent incident, within Block Kit limits", () => {
    const rendered = renderMonitorDetails(view(), NOW, WEB_LINKS);
    const text = mrkdwnOf(rendered);
    expect(text).toContain(
      "Open *<https://uptime.example.com/app/monitors/5|Public API>* in the Uptime web app",
    );
    expect(text).toContain("<https://uptime.example.com/app/incidents/42|#42>");
    expect(text).toContain("<https://uptime.example.com/app/incidents/41|#41>");
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
  });

  it("adds nothing without it", () => {
    const plain = renderMonitorDetails(view(), NOW);
    expect(mrkdwnOf(plain)).not.toContain("<https://");
    expect(renderMonitorDetails(view(), NOW, WEB_LINKS).blocks).toHaveLength((plain.blocks?.length ?? 0) + 1);
  });
});
