import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { type Api, startApi } from "./helpers";

const TOKEN = "scenario-token";
const clock = fixedClock("2026-03-10T12:00:00Z");
let api: Api;

beforeAll(async () => {
  api = await startApi({ clock });
});
afterAll(() => api.sim.close());
afterEach(() => {
  api.sim.control.reset();
});

async function seedOne(monitor: Record<string, unknown> = {}): Promise<{ team: number; monitor: number }> {
  const a = await api.control("POST", "/__simulator/seed", {
    teams: [
      {
        name: "Scenario",
        users: [{ firstName: "Sam", token: TOKEN, role: "owner" }],
        monitors: [{ name: "Site", url: "https://site.example.com/", interval: 60, ...monitor }],
      },
    ],
  });
  expect(a.status).toBe(201);
  return { team: a.body.teams[0].id, monitor: a.body.teams[0].monitors[0].id };
}

const monitor = async (id: number) => (await api.get(`/monitors/${id}`, TOKEN)).body.data;

describe("simulator scenario: checks and states", () => {
  it("a new monitor is pending until its first check, then up with checks from 2-3 locations", async () => {
    const { team, monitor: id } = await seedOne();
    expect((await monitor(id)).meta.state).toBeNull();
    expect((await api.get(`/teams/${team}`, TOKEN)).body.data.meta.monitorCounters.pending).toBe(1);
    await api.control("POST", "/__simulator/clock/advance", { ms: 2000 });
    expect((await monitor(id)).meta.state).toBe(10);
    const checks = (await api.get(`/teams/${team}/checks`, TOKEN)).body.data;
    expect(checks.length).toBeGreaterThanOrEqual(2);
    expect(checks.length).toBeLessThanOrEqual(3);
    // The first check comes within about 2 s of creation, stamped with its own time.
    expect(checks[0].attributes).toMatchObject({
      state: 1,
      status: 200,
      created: expect.stringMatching(/^2026-03-10T12:00:0[12]\+00:00$/),
    });
    await api.control("POST", "/__simulator/clock/advance", { ms: 5 * 60_000 });
    const later = (await api.get(`/teams/${team}/checks`, TOKEN)).body.data;
    expect(later.length).toBe(checks.length * 6);
  });

  it("fail opens an incident (state -10, failing checks); recover ends it with the downtime", async () => {
    const { team, monitor: id } = await seedOne();
    await api.sim.control.runChecks();
    const failed = await api.control("POST", `/__simulator/monitors/${id}/fail`, {
      reason: "HTTP 503 Service Unavailable",
    });
    expect(failed.body.data.attributes).toMatchObject({
      reason: "HTTP 503 Service Unavailable",
      ended: null,
      downtime: null,
    });
    const m = await monitor(id);
    expect([m.meta.state, m.attributes.state]).toEqual([-10, -10]);
    const checks = (await api.get(`/teams/${team}/checks`, TOKEN)).body.data;
    expect(checks[0].attributes).toMatchObject({
      state: -1,
      status: 503,
      error: "HTTP 503 Service Unavailable",
    });
    await api.control("POST", "/__simulator/clock/advance", { ms: 150_000 });
    const open = (await api.get(`/teams/${team}/incidents`, TOKEN)).body.data;
    expect(open).toHaveLength(1);
    const recovered = await api.control("POST", `/__simulator/monitors/${id}/recover`);
    expect(recovered.body.data.attributes.downtime).toBe(150);
    expect(recovered.body.data.attributes.ended).not.toBeNull();
    expect((await monitor(id)).meta.state).toBe(10);
    const counters = (await api.get(`/teams/${team}`, TOKEN)).body.data.meta.monitorCounters;
    expect(counters).toEqual({ up: 1, down: 0, paused: 0, pending: 0 });
  });

  it("slow makes every passing check take the given time (totalDuration) until recover, the monitor up", async () => {
    const { team, monitor: id } = await seedOne();
    await api.sim.control.runChecks();
    // A round of its own time, apart from the normal one above.
    await api.control("POST", "/__simulator/clock/advance", { ms: 1000 });
    const slowed = await api.control("POST", `/__simulator/monitors/${id}/slow`, { ms: 2500 });
    expect(slowed.status).toBe(200);
    const checks = (await api.get(`/teams/${team}/checks`, TOKEN)).body.data;
    const latest = checks.filter(
      (c: { attributes: { created: string } }) => c.attributes.created === checks[0].attributes.created,
    );
    for (const c of latest) {
      expect(c.attributes.state).toBe(1);
      expect(c.attributes.totalDuration).toBeGreaterThanOrEqual(2500);
      expect(c.attributes.totalDuration).toBeLessThanOrEqual(2750);
    }
    expect((await monitor(id)).meta.state).toBe(10);
    expect((await api.get(`/teams/${team}/incidents`, TOKEN)).body.data).toHaveLength(0);
    await api.control("POST", `/__simulator/monitors/${id}/recover`);
    const after = (await api.get(`/teams/${team}/checks`, TOKEN)).body.data[0].attributes;
    expect(after.totalDuration).toBeLessThan(2500);
    for (const body of [{}, { ms: 0 }, { ms: "2s" }, { ms: 600_001 }]) {
      const refused = await api.control("POST", `/__simulator/monitors/${id}/slow`, body);
      expect(refused.status).toBe(400);
    }
    expect((await api.control("POST", "/__simulator/monitors/999/slow", { ms: 100 })).status).toBe(404);
  });

  it("a timeout failure gives status 0 checks", async () => {
    const { team, monitor: id } = await seedOne({
      service: "tcp_port",
      host: "db.example.internal",
      port: 5432,
    });
    api.sim.control.fail(id);
    const checks = (await api.get(`/teams/${team}/checks`, TOKEN)).body.data;
    expect(checks[0].attributes).toMatchObject({
      state: -1,
      status: 0,
      error: "Connection timeout",
      totalDuration: 10_000,
    });
  });

  it("a schedule fails the monitor every everyMs for durationMs", async () => {
    const { monitor: id } = await seedOne({ interval: 300 });
    await api.sim.control.runChecks();
    const s = await api.control("POST", "/__simulator/schedules", {
      monitorId: id,
      everyMs: 600_000,
      durationMs: 120_000,
      reason: "HTTP 502 Bad Gateway",
    });
    expect(s.status).toBe(201);
    await api.sim.control.advance(600_000);
    expect((await monitor(id)).meta.state).toBe(-10);
    await api.sim.control.advance(120_000);
    expect((await monitor(id)).meta.state).toBe(10);
    await api.sim.control.advance(600_000);
    const incidents = (await api.get(`/monitors/${id}/incidents`, TOKEN)).body.data;
    expect(incidents.map((i: { attributes: { downtime: number | null } }) => i.attributes.downtime)).toEqual([
      120, 120,
    ]);
    expect(incidents[0].attributes.reason).toBe("HTTP 502 Bad Gateway");
    await api.control("DELETE", "/__simulator/schedules");
    await api.sim.control.advance(600_000);
    expect((await api.get(`/monitors/${id}/incidents`, TOKEN)).body.data).toHaveLength(2);
  });

  it("acknowledging outside the API shows in the incident", async () => {
    const { monitor: id } = await seedOne();
    const incident = api.sim.control.fail(id);
    const acked = await api.control("POST", `/__simulator/incidents/${incident?.id}/acknowledge`);
    expect(acked.body.data.attributes.acknowledged).toBe(
      new Date(clock.now()).toISOString().slice(0, 19) + "+00:00",
    );
  });

  it("statistics: 24 hourly points on the hour, 30 daily at midnight, null where no data", async () => {
    const { monitor: id } = await seedOne();
    api.sim.control.fail(id);
    await api.sim.control.advance(120_000);
    api.sim.control.recover(id);
    await api.sim.control.advance(600_000);
    const a = await api.get(
      `/monitors/${id}?include=availability-hourly,latency-hourly,availability-daily`,
      TOKEN,
    );
    const find = (type: string) => a.body.included.find((r: { type: string }) => r.type === type);
    const hourly = find("availability-hourly");
    expect(hourly.attributes.points).toHaveLength(24);
    for (const p of hourly.attributes.points) expect(p.time).toMatch(/:00:00Z$/);
    const last = hourly.attributes.points[23];
    expect(last.time).toBe(`${new Date(clock.now()).toISOString().slice(0, 13)}:00:00Z`);
    expect(last.downtime).toBeGreaterThan(0);
    expect(last.availability).toBeLessThan(100);
    expect(hourly.attributes.points[0]).toEqual({
      time: expect.any(String),
      downtime: null,
      availability: null,
    });
    expect(hourly.meta.totals.timeframeSeconds).toBe(86_400);
    const latency = find("latency-hourly");
    expect(latency.attributes.points[23].TotalDuration).toBeGreaterThan(0);
    expect(latency.attributes.points[23].metric0).toBeLessThanOrEqual(
      latency.attributes.points[23].TotalDuration,
    );
    expect(latency.meta.averages.TotalDuration).toBeGreaterThan(0);
    const daily = find("availability-daily");
    expect(daily.attributes.points).toHaveLength(30);
    expect(daily.attributes.points[29].time).toMatch(/T00:00:00Z$/);
  });

  it("timeScale shortens the intervals", async () => {
    const fast = await startApi({ clock: fixedClock("2026-03-10T12:00:00Z"), timeScale: 60 });
    try {
      const seeded = fast.sim.control.seed({
        teams: [
          {
            name: "Fast",
            users: [{ firstName: "F", token: "fast", role: "owner" }],
            monitors: [{ name: "A", interval: 60 }],
          },
        ],
      });
      const teamId = seeded.teams[0]!.id;
      await fast.sim.control.advance(2_000);
      const before = (await fast.get(`/teams/${teamId}/checks`, "fast")).body.data.length;
      await fast.sim.control.advance(10_000);
      const after = (await fast.get(`/teams/${teamId}/checks`, "fast")).body.data.length;
      expect(after - before).toBe(10 * before);
    } finally {
      await fast.sim.close();
    }
  });
});

describe("simulator scenario: real probes", () => {
  let target: Server;
  let healthy = true;
  beforeAll(async () => {
    target = createServer((_req, res) => {
      res.writeHead(healthy ? 200 : 500, { "content-type": "text/plain" });
      res.end(healthy ? "all good" : "broken");
    });
    await new Promise<void>((r) => target.listen(0, "127.0.0.1", () => r()));
  });
  afterAll(() => new Promise<void>((r) => target.close(() => r())));

  it("checks probe monitors with a real HTTP GET and TCP connect", async () => {
    const probing = await startApi({ clock: fixedClock("2026-03-10T12:00:00Z"), probes: true });
    try {
      const port = (target.address() as AddressInfo).port;
      const seeded = probing.sim.control.seed({
        teams: [
          {
            name: "Probes",
            users: [{ firstName: "P", token: "probe", role: "owner" }],
            monitors: [
              { name: "Local HTTP", url: `http://127.0.0.1:${port}/`, keywordBody: "good", probe: true },
              { name: "Local TCP", service: "tcp_port", host: "127.0.0.1", port, probe: true },
              {
                name: "Closed TCP",
                service: "tcp_port",
                host: "127.0.0.1",
                port: 1,
                timeout: 2,
                probe: true,
              },
            ],
          },
        ],
      });
      const [httpId, tcpId, closedId] = seeded.teams[0]!.monitors.map((m) => m.id);
      await probing.sim.control.runChecks();
      const state = async (id: number | undefined) =>
        (await probing.get(`/monitors/${id}`, "probe")).body.data.meta.state;
      expect([await state(httpId), await state(tcpId), await state(closedId)]).toEqual([10, 10, -10]);
      const closed = (await probing.get(`/monitors/${closedId}/incidents`, "probe")).body.data[0];
      expect(closed.attributes.reason).toBe("Connection refused");
      healthy = false;
      await probing.sim.control.runChecks(httpId);
      expect(await state(httpId)).toBe(-10);
      const checks = (await probing.get(`/teams/${seeded.teams[0]!.id}/checks`, "probe")).body.data;
      expect(checks[0].attributes).toMatchObject({ state: -1, status: 500, error: "HTTP 500" });
    } finally {
      healthy = true;
      await probing.sim.close();
    }
  });
});

describe("simulator scenario: real clock", () => {
  it("produces checks by itself and stops on close", async () => {
    const live = await startApi({ timeScale: 60 });
    const seeded = live.sim.control.seed({
      teams: [
        {
          name: "Live",
          users: [{ firstName: "L", token: "live", role: "owner" }],
          monitors: [{ name: "A", interval: 30 }],
        },
      ],
    });
    const id = seeded.teams[0]!.monitors[0]!.id;
    let state: number | null = null;
    for (let i = 0; i < 50 && state === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await live.get(`/monitors/${id}`, "live")).body.data.meta.state;
    }
    expect(state).toBe(10);
    await live.sim.close();
    await expect(fetch(`${live.url}/__simulator/health`)).rejects.toThrow();
  });
});
