import { describe, expect, it } from "vitest";
import type { AvailabilityView } from "../../../src/services/get-availability";
import type { LatencyView } from "../../../src/services/get-latency";
import { renderAvailability } from "../../../src/ui/render-availability";
import { renderLatency } from "../../../src/ui/render-latency";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { textOf } from "../../support/text-of";
import { dailyAvailability, hourlyAvailability, hourlyLatency, longText } from "./query-fixtures";

const monitorSubject = { kind: "monitor" as const, id: "5", name: "Public API" };
/** Any character of a text bar (lib/sparkline.ts), with or without inline code around it. */
const BAR = /[▁▂▃▄▅▆▇█]/;

describe("renderAvailability", () => {
  it("shows the total, the downtime and the span, and no text bar: the chart under it draws the hours", () => {
    const rendered = renderAvailability({
      subject: monitorSubject,
      period: "24h",
      series: hourlyAvailability(),
      source: { kind: "api" },
    });
    expect(rendered).toMatchSnapshot();
    const text = textOf(rendered);
    expect(text).not.toMatch(BAR);
    expect(text).not.toContain("`");
    expect(text).toContain("99.78%");
    expect(text).toContain("3m");
  });

  it("has no text bar per day either, and says when the team figures are computed from monitors", () => {
    const view: AvailabilityView = {
      subject: { kind: "team", id: "1", name: "Acme Production" },
      period: "30d",
      series: dailyAvailability(),
      source: { kind: "monitors", monitors: 100, capped: true },
    };
    const text = textOf(renderAvailability(view));
    expect(text).not.toMatch(BAR);
    expect(text).not.toContain("`");
    expect(text).toContain("*Points without data*\n2 of 30");
    expect(text).toContain("computed here from 100 monitors (the first 100; the team has more)");
  });

  it("says there is no data yet", () => {
    const text = textOf(
      renderAvailability({
        subject: { kind: "group", name: "API", monitorCount: 4 },
        period: "24h",
        series: null,
        source: { kind: "api" },
      }),
    );
    expect(text).toContain("Availability of group API");
    expect(text).toContain("No availability data yet");
  });

  it("stays within Block Kit limits with long names", () => {
    const view: AvailabilityView = {
      subject: { kind: "group", name: longText(5000), monitorCount: 1 },
      period: "24h",
      series: hourlyAvailability(),
      source: { kind: "api" },
    };
    expect(checkBlockKitLimits("message", { ...renderAvailability(view) })).toEqual([]);
  });
});

describe("renderLatency", () => {
  const view: LatencyView = {
    subject: monitorSubject,
    period: "24h",
    series: hourlyLatency(),
    source: { kind: "api" },
  };

  it("shows the averages, the fastest and slowest hour, and no text bar: the chart draws the hours", () => {
    const rendered = renderLatency(view);
    expect(rendered).toMatchSnapshot();
    const text = textOf(rendered);
    expect(text).not.toMatch(BAR);
    expect(text).not.toContain("`");
    expect(text).toContain("*Average*\n141 ms");
  });

  it("stays within Block Kit limits with long names", () => {
    const rendered = renderLatency({
      ...view,
      subject: { kind: "team", id: "1", name: longText(5000) },
      source: { kind: "monitors", monitors: 3, capped: false },
    });
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    expect(textOf(rendered)).toContain("computed here from 3 monitors");
  });
});
