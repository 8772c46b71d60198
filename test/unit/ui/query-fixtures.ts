// Fixed data for the query renderers' tests: domain objects as the API client decodes them.
import type { AvailabilitySeries, LatencySeries } from "../../../src/services/aggregate-stats";
import type { WebLinks } from "../../../src/ui/web-links";
import type { AvailabilityPoint, Check, Incident, Monitor } from "../../../src/uptime/types";

/** UPTIME_WEB_URL with a path of its own and the default templates. */
export const WEB_LINKS: WebLinks = {
  baseUrl: "https://uptime.example.com/app",
  monitorPath: "/monitors/{id}",
  incidentPath: "/incidents/{id}",
};

export const NOW = Date.parse("2026-11-21T10:00:00Z");
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000);

export function monitor(overrides: Partial<Monitor> = {}): Monitor {
  return {
    id: "5",
    url: "/monitors/5",
    meta: {},
    name: "Public API",
    pronounceable: null,
    group: "API",
    interval: 60,
    kind: "http",
    settings: { url: "https://api.example.com/v1/health" },
    state: "up",
    stateCode: 10,
    paused: false,
    createdAt: at(60 * 24 * 30),
    updatedAt: at(60),
    ...overrides,
  };
}

export function incident(overrides: Partial<Incident> = {}): Incident {
  return {
    id: "42",
    url: null,
    meta: {},
    monitorId: "5",
    teamId: "1",
    started: at(12),
    ended: null,
    acknowledged: null,
    downtimeSeconds: null,
    reason: "Connection timeout",
    maintenance: false,
    open: true,
    createdAt: at(12),
    updatedAt: at(12),
    ...overrides,
  };
}

export function closedIncident(overrides: Partial<Incident> = {}): Incident {
  return incident({
    id: "41",
    started: at(60 * 26),
    ended: at(60 * 26 - 14),
    downtimeSeconds: 14 * 60 + 5,
    acknowledged: at(60 * 26 - 2),
    reason: "HTTP 503 Service Unavailable",
    open: false,
    ...overrides,
  });
}

export function check(overrides: Partial<Check> = {}): Check {
  return {
    id: "1795255200.000000001",
    url: null,
    meta: {},
    monitorId: "5",
    location: "fra",
    passed: true,
    status: 200,
    durationMs: 123,
    error: null,
    created: at(1),
    ...overrides,
  };
}

/** 24 hourly points (A10), one hour without data and one bad hour. */
export function hourlyAvailability(): AvailabilitySeries {
  const points: AvailabilityPoint[] = Array.from({ length: 24 }, (_, i) => ({
    time: new Date(Date.parse("2026-11-20T11:00:00Z") + i * 3_600_000),
    availability: i === 3 ? null : i === 10 ? 95 : 100,
    downtimeSeconds: i === 3 ? null : i === 10 ? 180 : 0,
  }));
  return {
    precision: "hourly",
    points,
    totals: { availability: 99.78, downtimeSeconds: 180, timeframeSeconds: 86_400 },
  };
}

export function dailyAvailability(): AvailabilitySeries {
  const points = Array.from({ length: 30 }, (_, i) => ({
    time: new Date(Date.parse("2026-10-23T00:00:00Z") + i * 86_400_000),
    availability: i < 2 ? null : 100 - (i % 7) * 0.1,
    downtimeSeconds: i < 2 ? null : (i % 7) * 86,
  }));
  return {
    precision: "daily",
    points,
    totals: { availability: 99.71, downtimeSeconds: 2150, timeframeSeconds: 2_592_000 },
  };
}

export function hourlyLatency(): LatencySeries {
  const points = Array.from({ length: 24 }, (_, i) => ({
    time: new Date(Date.parse("2026-11-20T11:00:00Z") + i * 3_600_000),
    totalMs: i === 5 ? null : 100 + ((i * 37) % 90),
    metric0Ms: i === 5 ? null : 20 + (i % 5),
  }));
  return { precision: "hourly", points, averages: { totalMs: 141.3, metric0Ms: 22 } };
}

/** A name of `n` characters with mrkdwn specials, to prove escaping and cutting. */
export function longText(n: number): string {
  return "<!channel> & *bold* ".repeat(Math.ceil(n / 20)).slice(0, n);
}

/** The message's top-level text and every mrkdwn text in it (plain_text never renders mentions). */
export function mrkdwnOf(message: { text?: string; blocks?: unknown[] }): string {
  const out: string[] = [message.text ?? ""];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const o = node as Record<string, unknown>;
      if (o.type === "mrkdwn" && typeof o.text === "string") out.push(o.text);
      for (const value of Object.values(o)) walk(value);
    }
  };
  walk(message.blocks ?? []);
  return out.join("\n");
}
