// The client's teams resource (and the page helpers) against the simulator over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import type { Monitor, UptimeApi } from "../../../src/uptime";
import { expectRecordedJsonApi, type Stack, startStack } from "./stack";

const NOW = Date.parse("2026-03-10T12:00:00Z");
let s: Stack;
let bulk: UptimeApi;
let bulkTeam: string;
let bulkIds: number[];

beforeAll(async () => {
  s = await startStack({ clock: fixedClock(NOW) });
  // A team of 27 monitors (three pages of 10) in three groups; seeded monitors start pending (A4).
  const seeded = s.sim.control.seed({
    teams: [
      {
        name: "Bulk",
        users: [{ firstName: "Bea", token: "bulk-owner-token", role: "owner" }],
        monitors: Array.from({ length: 27 }, (_, i) => ({
          name: `svc-${String(i + 1).padStart(2, "0")}`,
          group: ["alpha", "beta", "gamma"][i % 3]!,
        })),
      },
    ],
  });
  const team = seeded.teams[0]!;
  bulkTeam = String(team.id);
  bulkIds = team.monitors.map((m) => m.id);
  bulk = s.client.as("bulk-owner-token");
  // Monitors 1-3 up, 4 down, the rest stay pending.
  for (const id of bulkIds.slice(0, 4)) await s.sim.control.runChecks(id);
  s.sim.control.fail(bulkIds[3]!);
});
afterAll(async () => {
  expectRecordedJsonApi(s.proxy);
  await s.close();
});

const names = (ms: Monitor[]) => ms.map((m) => m.name);

describe("client teams against the simulator", () => {
  it("get() with users, channels and locations included", async () => {
    const t = await s.owner.teams.get(1, { include: ["users", "channels", "locations"] });
    expect(t).toMatchObject({ id: "1", name: "Acme Production", channelCount: 3, locationCount: 5 });
    expect(t.counters).toEqual({ up: 11, down: 0, paused: 1, pending: 0 });
    expect(t.members?.map((m) => [m.userId, m.role, m.user?.firstName])).toEqual([
      ["1", "owner", "Olivia"],
      ["2", "regular", "Max"],
      ["3", "read-only", "Rita"],
    ]);
    expect(t.channels?.map((c) => c.slug)).toEqual(["email", "sms", "phone-call"]);
    expect(t.locations).toHaveLength(5);
    expect(t.createdAt).toBeInstanceOf(Date);
  });

  it("monitors(): one page of ten with the envelope, next() and the last page", async () => {
    const page = await bulk.teams.monitors(bulkTeam);
    expect(page.items).toHaveLength(10);
    expect(page.meta).toMatchObject({ currentPage: 1, count: 10, perPage: 10, hasMorePages: true });
    expect(page.links.next).toContain(`${s.proxy.url}/teams/${bulkTeam}/monitors?`);
    const third = await bulk.teams.monitors(bulkTeam, { page: 3 });
    expect(third.items).toHaveLength(7);
    expect(third.hasMore).toBe(false);
    expect(await third.next()).toBeNull();
    const second = await page.next();
    expect(second?.meta.currentPage).toBe(2);
  });

  it("all() and for-await walk every page; monitorsAll() from a later page", async () => {
    const seen: string[] = [];
    for await (const m of await bulk.teams.monitors(bulkTeam)) seen.push(m.name);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    const fromTwo: Monitor[] = [];
    for await (const m of bulk.teams.monitorsAll(bulkTeam, { page: 2 })) fromTwo.push(m);
    expect(fromTwo).toHaveLength(17);
    const viaAll: string[] = [];
    for await (const m of (await bulk.teams.monitors(bulkTeam, { sort: "-name" })).all()) viaAll.push(m.name);
    expect(viaAll[0]).toBe("svc-27");
    expect(viaAll.at(-1)).toBe("svc-01");
  });

  it("filters by name, group and state (up, down, pending and numeric), following pages", async () => {
    const byName = await bulk.teams.monitors(bulkTeam, { filter: { name: "SVC-1" } });
    expect(names(byName.items)).toEqual([
      "svc-10",
      "svc-11",
      "svc-12",
      "svc-13",
      "svc-14",
      "svc-15",
      "svc-16",
      "svc-17",
      "svc-18",
      "svc-19",
    ]);
    const gamma: Monitor[] = [];
    for await (const m of bulk.teams.monitorsAll(bulkTeam, { filter: { group: "gamma" } })) gamma.push(m);
    expect(gamma).toHaveLength(9);
    expect(gamma.every((m) => m.group === "gamma")).toBe(true);
    const up = await bulk.teams.monitors(bulkTeam, { filter: { state: "up" } });
    expect(names(up.items)).toEqual(["svc-01", "svc-02", "svc-03"]);
    const down = await bulk.teams.monitors(bulkTeam, { filter: { state: "down" } });
    expect(down.items.map((m) => [m.name, m.state, m.stateCode])).toEqual([["svc-04", "down", -10]]);
    expect((await bulk.teams.monitors(bulkTeam, { filter: { state: -10 } })).items).toHaveLength(1);
    // A9 + A4: pending is sent as filter[state]=null and selects the monitors without a state.
    const pending: Monitor[] = [];
    for await (const m of bulk.teams.monitorsAll(bulkTeam, { filter: { state: "pending" } })) pending.push(m);
    expect(pending).toHaveLength(23);
    expect(pending.every((m) => m.state === "pending" && m.stateCode === null)).toBe(true);
    const combined = await bulk.teams.monitors(bulkTeam, {
      filter: { name: "svc-0", state: "up", group: "beta" },
    });
    expect(names(combined.items)).toEqual(["svc-02"]);
  });

  it("sorts by one or several keys, descending with -", async () => {
    const desc = await s.owner.teams.monitors(1, { sort: "-name" });
    expect(names(desc.items).slice(0, 3)).toEqual(["Webhooks relay", "Web shop", "Redis cache"]);
    const byGroup = await s.owner.teams.monitors(1, { sort: ["group", "-name"] });
    expect(byGroup.items.map((m) => m.group).slice(0, 4)).toEqual(["API", "API", "API", "API"]);
    expect(names(byGroup.items).slice(0, 4)).toEqual([
      "Webhooks relay",
      "Public API",
      "Payments API",
      "Auth service",
    ]);
    const created = await s.owner.teams.monitors(1, { sort: "created" });
    expect(created.items).toHaveLength(10);
  });

  it("includes the earlier forms: checks, incidents and the four statistics", async () => {
    const page = await s.owner.teams.monitors(1, {
      filter: { name: "Blog" },
      include: [
        "checks",
        "incidents",
        "availability-hourly",
        "availability-daily",
        "latency-hourly",
        "latency-daily",
      ],
    });
    const blog = page.items[0]!;
    expect(blog.name).toBe("Blog");
    expect(blog.checks?.length).toBeGreaterThan(0);
    expect(blog.checks?.every((c) => c.monitorId === blog.id)).toBe(true);
    expect(blog.incidents).toMatchObject({ ids: ["1"], total: 1 });
    expect(blog.incidents?.items[0]?.reason).toMatch(/^HTTP 500/);
    expect(blog.availabilityHourly?.points).toHaveLength(24);
    expect(blog.availabilityDaily?.points).toHaveLength(30);
    expect(blog.latencyHourly?.points).toHaveLength(24);
    expect(blog.latencyDaily?.points).toHaveLength(30);
    expect(blog.availabilityDaily?.precision).toBe("daily");
    expect(blog.latencyHourly?.precision).toBe("hourly");
  });

  it("includes the later forms: incident, availability, latency", async () => {
    const page = await s.owner.teams.monitors(1, {
      filter: { name: "Public API" },
      include: ["incident", "availability", "latency"],
    });
    const api = page.items[0]!;
    expect(api.incidents?.items.map((i) => i.id)).toEqual(["4"]);
    expect(api.availabilityDaily?.points).toHaveLength(30);
    expect(api.latencyDaily?.points).toHaveLength(30);
    expect(api.availabilityDaily?.totals.availability).toBeGreaterThan(99);
  });

  it("incidents(): newest first, paged with the monitor included, and incidentsAll()", async () => {
    const demo = await s.owner.teams.incidents(1, { include: ["monitor"] });
    expect(demo.items.map((i) => i.id)).toEqual(["5", "4", "2", "1"]);
    expect(demo.items[0]?.monitor?.name).toBe("Primary database");
    expect(demo.hasMore).toBe(false);
    // Twelve outages of one bulk monitor: two pages.
    const id = bulkIds[5]!;
    for (let i = 0; i < 12; i++) {
      await s.sim.control.advance(60_000);
      s.sim.control.fail(id, `outage ${i + 1}`);
      await s.sim.control.advance(60_000);
      s.sim.control.recover(id);
    }
    const first = await bulk.teams.incidents(bulkTeam);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.reason).toBe("outage 12");
    expect(first.hasMore).toBe(true);
    const all = [];
    for await (const incident of bulk.teams.incidentsAll(bulkTeam)) all.push(incident);
    expect(all.filter((i) => i.monitorId === String(id))).toHaveLength(12);
    expect(all.every((i) => i.teamId === bulkTeam)).toBe(true);
  });

  it("checks(): the latest checks, newest first, each with its monitor", async () => {
    const checks = await s.owner.teams.checks(1);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.length).toBeLessThanOrEqual(50);
    const times = checks.map((c) => c.created.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(checks.every((c) => c.monitorId !== null && typeof c.passed === "boolean")).toBe(true);
  });

  it("channels() and availabilityDaily()", async () => {
    const channels = await s.owner.teams.channels(1);
    expect(channels.map((c) => [c.id, c.slug])).toEqual([
      ["1", "email"],
      ["2", "sms"],
      ["3", "phone-call"],
    ]);
    expect(channels[0]?.createdAt).toBeInstanceOf(Date);
    const av = await s.owner.teams.availabilityDaily(1);
    expect(av.precision).toBe("daily");
    expect(av.points).toHaveLength(30);
    expect(av.points.every((p) => p.time.getUTCHours() === 0)).toBe(true);
    expect(av.totals.availability).toBeGreaterThan(90);
  });
});
