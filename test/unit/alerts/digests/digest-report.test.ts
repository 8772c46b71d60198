import { describe, expect, it } from "vitest";
import { digestPeriod } from "../../../../src/alerts/kinds/digest/digest-calendar";
import { digestChart } from "../../../../src/alerts/kinds/digest/digest-chart";
import { computeDigest, type DigestInput } from "../../../../src/alerts/kinds/digest/digest-report";
import { renderDigest, renderDigestUnavailable } from "../../../../src/alerts/kinds/digest/render-digest";
import type { AvailabilityPoint, Incident, Monitor } from "../../../../src/uptime";
import { textOf } from "../../../support/text-of";

const HOUR = 3_600_000;
const TO = Date.parse("2026-11-24T08:00:00Z"); // 09:00 Amsterdam
const PERIOD = digestPeriod("daily", "Europe/Amsterdam", TO);

function hourly(values: (number | null)[], downtime: (number | null)[] = []): AvailabilityPoint[] {
  // One point before the period and 24 inside it: the one before must not count.
  return [null, ...values].map((availability, i) => ({
    time: new Date(PERIOD.from + (i - 1) * HOUR),
    availability: i === 0 ? 0 : availability,
    downtimeSeconds: i === 0 ? 3600 : (downtime[i - 1] ?? 0),
  }));
}

function monitor(id: string, name: string, group: string | null, points: AvailabilityPoint[]): Monitor {
  return {
    id,
    name,
    group,
    availabilityHourly: {
      id,
      type: "availability",
      precision: "hourly",
      points,
      timeFrom: null,
      timeTo: null,
      totals: { availability: null, downtimeSeconds: null, timeframeSeconds: null },
    },
  } as unknown as Monitor;
}

function incident(
  id: string,
  monitorId: string,
  startedAt: number,
  ackAfter?: number,
  endAfter?: number,
): Incident {
  return {
    id,
    monitorId,
    started: new Date(startedAt),
    acknowledged: ackAfter === undefined ? null : new Date(startedAt + ackAfter * 1000),
    ended: endAfter === undefined ? null : new Date(startedAt + endAfter * 1000),
    maintenance: false,
    open: endAfter === undefined,
  } as unknown as Incident;
}

const full = Array.from({ length: 24 }, () => 100);

function input(overrides: Partial<DigestInput> = {}): DigestInput {
  const shopValues = full.map((v, i) => (i === 3 ? 50 : v));
  const shopDowntime = full.map((_, i) => (i === 3 ? 1800 : 0));
  return {
    cadence: "daily",
    timeZone: "Europe/Amsterdam",
    period: PERIOD,
    team: { id: "1", name: "Acme <Production>" },
    filtered: false,
    monitors: [
      monitor("1", "shop", "Edge", hourly(shopValues, shopDowntime)),
      monitor("2", "api", "Edge", hourly(full)),
      monitor(
        "3",
        "blog",
        null,
        hourly(
          full.map((v, i) => (i === 7 ? 99 : v)),
          full.map((_, i) => (i === 7 ? 36 : 0)),
        ),
      ),
      monitor("4", "new", null, hourly(full.map(() => null))),
    ],
    incidents: [
      incident("10", "1", PERIOD.from + 3 * HOUR, 120, 1800),
      incident("11", "3", PERIOD.from + 7 * HOUR, undefined, 36),
    ],
    capped: false,
    ...overrides,
  };
}

describe("digest numbers (pure)", () => {
  it("averages each monitor over the period's points only, and the team over its monitors", () => {
    const report = computeDigest(input());
    const shop = (23 * 100 + 50) / 24;
    const blog = (23 * 100 + 99) / 24;
    expect(report.availability).toBeCloseTo((shop + 100 + blog) / 3, 10);
    // The point before the period (0 %, an hour down) is not in it.
    expect(report.downtimeSeconds).toBe(1800 + 36);
    expect(report.incidentsOpened).toBe(2);
    expect(report.mtta).toEqual({ seconds: 120, of: 1 });
    expect(report.mttr).toEqual({ seconds: (1800 + 36) / 2, of: 2 });
    expect(report.groups).toEqual([
      { name: "Edge", availability: (shop + 100) / 2, monitors: 2 },
      { name: null, availability: blog, monitors: 2 },
    ]);
    // Worst first; a monitor that was up all along (api) or has no data (new) is not "worst".
    expect(report.worst.map((m) => m.name)).toEqual(["shop", "blog"]);
    expect(report.chart.points).toHaveLength(24);
    expect(report.chart.points[3]?.value).toBeCloseTo((50 + 100 + 100) / 3, 10);
  });

  it("says so when nothing went wrong", () => {
    const report = computeDigest(
      input({ monitors: [monitor("2", "api", null, hourly(full))], incidents: [] }),
    );
    expect(report).toMatchObject({
      availability: 100,
      incidentsOpened: 0,
      downtimeSeconds: 0,
      mtta: null,
      mttr: null,
      worst: [],
    });
    const text = textOf(renderDigest(report, { requestedBy: "U1", scheduled: true }));
    expect(text).toContain("None: every monitor was up the whole time.");
    expect(text).toContain("no incident acknowledged");
  });
});

describe("digest message (pure)", () => {
  it("shows every number of the issue, escapes API text, and says when it comes", () => {
    const rendered = renderDigest(computeDigest(input()), { requestedBy: "U0ALICE", scheduled: true });
    const text = textOf(rendered);
    expect(rendered.text).toMatch(
      /^Daily digest for Acme &lt;Production&gt;: 99\.\d\d % available, 2 incidents opened$/,
    );
    // The notification text is mrkdwn as well: a team name can't ping anyone.
    const pinging = renderDigest(computeDigest(input({ team: { id: "1", name: "<!channel>" } })), {
      requestedBy: "U0ALICE",
      scheduled: true,
    });
    expect(pinging.text).not.toContain("<!channel>");
    expect(text).toContain("Acme &lt;Production&gt;");
    expect(text).toMatch(/Incidents opened\*\n2/);
    expect(text).toMatch(/Downtime\*\n30m 36s/);
    expect(text).toMatch(/Mean time to acknowledge\*\n2m \(1 incident\)/);
    expect(text).toMatch(/Mean time to recover\*\n15m 18s \(2 incidents\)/);
    expect(text).toMatch(/Edge: 98\.95 % \(2\)/);
    expect(text).toMatch(/1\. \*shop\*: 97\.91 %, down 30m, 1 incident\n2\. \*blog\*: 99\.95 %/);
    expect(text).toContain("Every day at 09:00 Europe/Amsterdam, subscribed by <@U0ALICE>.");
  });

  it("an unreadable digest says why and how to fix it, instead of silence", () => {
    const text = textOf(
      renderDigestUnavailable(
        { cadence: "weekly" },
        "the person who subscribed is no longer logged in.",
        "U0BOB",
      ),
    );
    expect(text).toContain("Weekly digest");
    expect(text).toContain("<@U0BOB>");
    expect(text).toContain("/uptime subscribe");
  });

  it("its chart names the period it covers, not the last 24 hours", () => {
    const chart = digestChart(computeDigest(input()));
    if (!chart) throw new Error("no chart for a day with data");
    expect(chart.title).toBe("Daily digest: availability of Acme <Production>");
    expect((chart.option as { title: { text: string } }).title.text).toBe(
      "Availability of Acme <Production>, 24 hours to 2026-11-24 08:00 UTC",
    );
    expect(chart.altText).toMatch(/over the 24 hours to 2026-11-24 08:00 UTC: lowest 83\.33 %/);
    expect(chart.filename).toBe("digest-daily-2026-11-24.png");
    expect(digestChart(computeDigest(input({ monitors: [] })))).toBeNull();
  });
});

describe("short outages held back (--after)", () => {
  it("counts the ended incidents shorter than the grace period, and says so", () => {
    const report = computeDigest(input({ afterSeconds: 120 }));
    // Incident 11 lasted 36 s, incident 10 half an hour.
    expect(report.heldBack).toEqual({ count: 1, afterSeconds: 120 });
    expect(textOf(renderDigest(report, { requestedBy: "U1", scheduled: true }))).toContain(
      "*Short outages held back*\n1 (under 2m)",
    );
  });

  it("says nothing without --after", () => {
    const report = computeDigest(input());
    expect(report.heldBack).toBeUndefined();
    expect(textOf(renderDigest(report, { requestedBy: "U1", scheduled: true }))).not.toContain("held back");
  });
});
