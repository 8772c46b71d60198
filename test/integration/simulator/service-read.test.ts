import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { type Api, expectError, MEMBER, OWNER, READONLY, startApi } from "./helpers";

const NOW = "2026-03-10T12:34:56Z";
let api: Api;

beforeAll(async () => {
  api = await startApi({ seed: "demo", clock: fixedClock(NOW) });
});
afterAll(() => api.sim.close());

// biome-ignore lint/suspicious/noExplicitAny: documents are read freely in tests
const ids = (data: any[]) => data.map((r) => r.id);

describe("simulator: users", () => {
  it("GET /users/me with teams and their channels included", async () => {
    const a = await api.get("/users/me?include=teams,teams.channels");
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      type: "users",
      id: "1",
      attributes: { firstName: "Olivia", lastName: "Owner" },
    });
    expect(a.body.data.attributes).toHaveProperty("invitation");
    expect(a.body.data.relationships.teams.data).toEqual([
      { type: "teams", id: "1" },
      { type: "teams", id: "2" },
    ]);
    expect(a.body.data.relationships.teams.links.related).toBe(`${api.url}/users/1/teams`);
    const types = a.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`);
    expect(types).toEqual(
      expect.arrayContaining(["teams:1", "teams:2", "channels:1", "channels:2", "channels:3", "channels:4"]),
    );
  });

  it("shows teammates with the shared teams only, hides everyone else", async () => {
    const mate = await api.get("/users/4");
    expect(mate.status).toBe(200);
    expect(mate.body.data.relationships.teams.data).toEqual([{ type: "teams", id: "2" }]);
    expect(mate.body.data.attributes).not.toHaveProperty("invitation");
    expectError(await api.get("/users/4", MEMBER), 404);
    expectError(await api.get("/users/999"), 404);
  });

  it("GET /users/me/teams lists the caller's teams with roles", async () => {
    const a = await api.get("/users/me/teams");
    expect(ids(a.body.data)).toEqual(["1", "2"]);
    const users = a.body.data[1].relationships.users.data;
    expect(users).toContainEqual({ type: "users", id: "1", meta: { role: "regular" } });
    expect(users).toContainEqual({ type: "users", id: "4", meta: { role: "owner" } });
  });
});

describe("simulator: teams", () => {
  it("GET /teams/{id} with counters, relationships and includes", async () => {
    const a = await api.get("/teams/1?include=users,channels,locations");
    expect(a.status).toBe(200);
    const t = a.body.data;
    expect(t.attributes.name).toBe("Acme Production");
    expect(t.meta.monitorCounters).toEqual({ up: 11, down: 0, paused: 1, pending: 0 });
    expect(t.meta.availableFeatures).toContain("keyword-monitoring");
    expect(t.meta.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(t.relationships.channels.meta.count).toBe(3);
    expect(t.relationships.locations.meta.count).toBe(5);
    expect(t.relationships.users.data).toEqual([
      { type: "users", id: "1", meta: { role: "owner" } },
      { type: "users", id: "2", meta: { role: "regular" } },
      { type: "users", id: "3", meta: { role: "read-only" } },
    ]);
    expect(t.links.self).toBe(`${api.url}/teams/1`);
    const count = (type: string) => a.body.included.filter((r: { type: string }) => r.type === type).length;
    expect([count("users"), count("channels"), count("locations")]).toEqual([3, 3, 5]);
  });

  it("answers 404 for a team the caller does not belong to", async () => {
    expectError(await api.get("/teams/2", MEMBER), 404);
    expectError(await api.get("/teams/77"), 404);
  });

  it("GET /teams/{id}/channels is not paginated", async () => {
    const a = await api.get("/teams/1/channels");
    expect(a.body.data.map((c: { attributes: { slug: string } }) => c.attributes.slug)).toEqual([
      "email",
      "sms",
      "phone-call",
    ]);
    expect(a.body.data[0].meta.created).toBeDefined();
    expect(a.body.links).toBeUndefined();
  });

  it("GET /teams/{id}/checks: the latest 50, newest first, each with its monitor", async () => {
    const a = await api.get("/teams/1/checks");
    expect(a.body.data).toHaveLength(50);
    const checkIds: string[] = ids(a.body.data);
    expect([...checkIds].sort().reverse()).toEqual(checkIds);
    expect(new Set(checkIds).size).toBe(50);
    const c = a.body.data[0];
    expect(c.id).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(c.attributes).toMatchObject({ state: 1, status: 200, error: null });
    expect(["nyc", "lon", "fra", "sin", "syd"]).toContain(c.attributes.location);
    expect(c.attributes.totalDuration).toBeGreaterThan(0);
    expect(c.relationships.monitor.data.type).toBe("monitors");
  });

  it("GET /teams/{id}/groups and group statistics", async () => {
    const g = await api.get("/teams/1/groups");
    expect(
      g.body.data.map((x: { id: string; meta: { monitors: number } }) => [x.id, x.meta.monitors]),
    ).toEqual([
      ["API", 4],
      ["Infrastructure", 4],
      ["Website", 4],
    ]);
    expect((await api.get("/teams/1/groups/Website")).body.data.type).toBe("groups");
    const hourly = await api.get("/teams/1/groups/Website/availability-hourly");
    expect(hourly.body.data.type).toBe("availability-hourly");
    expect(hourly.body.data.attributes.points).toHaveLength(24);
    const lat = await api.get("/teams/1/groups/Infrastructure/latency-daily");
    expect(lat.body.data.attributes.points).toHaveLength(30);
    expect(lat.body.data.meta.averages.TotalDuration).toBeGreaterThan(0);
    expectError(await api.get("/teams/1/groups/Nope/latency-hourly"), 404);
  });
});

describe("simulator: monitor list", () => {
  it("pages by 10 with first/next/prev links and hasMorePages", async () => {
    const p1 = await api.get("/teams/1/monitors");
    expect(p1.body.data).toHaveLength(10);
    expect(p1.body.meta).toEqual({ currentPage: 1, count: 10, perPage: 10, hasMorePages: true });
    expect(p1.body.links.prev).toBeUndefined();
    const next = new URL(p1.body.links.next);
    expect(next.searchParams.get("page[number]")).toBe("2");
    const p2 = await api.get(next.pathname + next.search);
    expect(ids(p2.body.data)).toEqual(["11", "12"]);
    expect(p2.body.meta).toMatchObject({ currentPage: 2, count: 2, hasMorePages: false });
    expect(new URL(p2.body.links.prev).searchParams.get("page[number]")).toBe("1");
    expect(p2.body.links.next).toBeUndefined();
    expect((await api.get("/teams/1/monitors?page=2")).body.meta.currentPage).toBe(2);
  });

  it("keeps filters in the page links", async () => {
    const a = await api.get("/teams/1/monitors?filter[state]=10&sort=name");
    const next = new URL(a.body.links.next);
    expect(next.searchParams.get("filter[state]")).toBe("10");
    expect(next.searchParams.get("sort")).toBe("name");
  });

  it("filters by name (case-insensitive substring), group (exact) and state", async () => {
    const byName = await api.get("/teams/1/monitors?filter[name]=api");
    expect(byName.body.data.map((m: { attributes: { name: string } }) => m.attributes.name)).toEqual([
      "Public API",
      "Payments API",
    ]);
    expect((await api.get("/teams/1/monitors?filter[group]=Infrastructure")).body.data).toHaveLength(4);
    expect((await api.get("/teams/1/monitors?filter[group]=infra")).body.data).toHaveLength(0);
    expect((await api.get("/teams/1/monitors?filter[state]=-10")).body.data).toHaveLength(0);
  });

  it("sorts by several fields with - for descending", async () => {
    const a = await api.get("/teams/1/monitors?sort=group,-name");
    const names = a.body.data.map((m: { attributes: { name: string } }) => m.attributes.name);
    expect(names.slice(0, 4)).toEqual(["Webhooks relay", "Public API", "Payments API", "Auth service"]);
    const desc = await api.get("/teams/1/monitors?sort=-created");
    expect(desc.body.data[0].id).toBe("12");
  });

  it("includes checks, incidents and statistics", async () => {
    const a = await api.get(
      "/teams/1/monitors?include=checks,incidents,availability-daily,availability-hourly,latency-daily,latency-hourly&filter[name]=blog",
    );
    const m = a.body.data[0];
    expect(m.relationships.incidents.meta.total).toBe(1);
    expect(m.relationships.incidents.data).toEqual([{ type: "incidents", id: "1" }]);
    expect(m.relationships.checks.data.length).toBeGreaterThan(0);
    for (const kind of ["availability-daily", "availability-hourly", "latency-daily", "latency-hourly"]) {
      const ref = m.relationships[kind].data;
      const res = a.body.included.find(
        (r: { type: string; id: string }) => r.type === ref.type && r.id === ref.id,
      );
      expect(res.attributes.points).toHaveLength(kind.endsWith("hourly") ? 24 : 30);
    }
    expect(a.body.included.some((r: { type: string }) => r.type === "checks")).toBe(true);
  });

  it("monitor resources carry the reference's attributes and meta (A4)", async () => {
    const a = await api.get("/monitors/9");
    expect(a.body.data.attributes).toMatchObject({
      name: "Primary database",
      service: "tcp_port",
      maintenanceType: 0,
      maintenanceStartDate: null,
      settings: { host: "db.example.internal", port: 5432, timeout: 10 },
      status: 1,
      state: 10,
    });
    expect(a.body.data.meta).toMatchObject({ status: 1, state: 10 });
    expect(a.body.data.relationships).toBeUndefined();
    const http = await api.get("/monitors/1");
    expect(http.body.data.attributes).not.toHaveProperty("service");
    const paused = await api.get("/monitors/8");
    expect(paused.body.data.meta.status).toBe(0);
  });

  it("GET /monitors/{id} accepts the later include form (A11)", async () => {
    const a = await api.get("/monitors/5?include=incident,availability,latency");
    const rel = a.body.data.relationships;
    expect(rel.incident).toMatchObject({ data: [{ type: "incident", id: "4" }], meta: { total: 1 } });
    expect(rel.incident.links.self).toBe(`${api.url}/monitors/5/relationships/incident`);
    expect(rel.availability.data.id).toMatch(/^av-daily-monitor-5_\d+_\d+$/);
    expect(rel.latency.data.id).toMatch(/^la-daily-monitor-5_\d+_\d+$/);
    const av = a.body.included.find((r: { type: string }) => r.type === "availability");
    expect(av.meta.precision).toBe("daily");
    expect(av.attributes.points).toHaveLength(30);
    const la = a.body.included.find((r: { type: string }) => r.type === "latency");
    expect(Object.keys(la.meta.averages)).toEqual(["metric0", "TotalDuration"]);
  });
});

describe("simulator: incidents, statistics, locations, status", () => {
  it("GET /teams/{id}/incidents newest started first, with monitors included", async () => {
    const a = await api.get("/teams/1/incidents?include=monitor");
    expect(ids(a.body.data)).toEqual(["5", "4", "2", "1"]);
    const started = a.body.data.map((i: { attributes: { started: string } }) => i.attributes.started);
    expect([...started].sort().reverse()).toEqual(started);
    expect(a.body.data[0].relationships).toEqual({
      team: { data: { type: "teams", id: "1" } },
      monitor: { data: { type: "monitors", id: "9" } },
    });
    expect(a.body.data[0].attributes).toMatchObject({
      downtime: 360,
      reason: "Connection refused",
      maintenance: 0,
    });
    expect(a.body.meta).toMatchObject({ currentPage: 1, count: 4, perPage: 10, hasMorePages: false });
    expect(a.body.included.map((r: { id: string }) => r.id).sort()).toEqual(["2", "3", "5", "9"]);
  });

  it("GET /monitors/{id}/incidents and GET /incidents/{id}", async () => {
    expect(ids((await api.get("/monitors/5/incidents")).body.data)).toEqual(["4"]);
    const one = await api.get("/incidents/4?include=monitor");
    expect(one.body.data.attributes.ended).not.toBeNull();
    expect(one.body.included[0]).toMatchObject({ type: "monitors", id: "5" });
    expectError(await api.get("/incidents/3", MEMBER), 404);
  });

  it("team availability-daily: 30 midnight points, totals, downtime on the day of an outage (A10)", async () => {
    const a = await api.get("/teams/1/availability-daily");
    const d = a.body.data;
    expect(d.type).toBe("availability-daily");
    expect(d.id).toMatch(/^\d+-\d+-availability-daily$/);
    expect(d.attributes.points).toHaveLength(30);
    for (const p of d.attributes.points) expect(p.time).toMatch(/T00:00:00Z$/);
    expect(d.attributes.points[29].time).toBe("2026-03-10T00:00:00Z");
    expect(d.meta.timeFrom).toBe("2026-02-09T00:00:00+00:00");
    expect(d.meta.totals.timeframeSeconds).toBe(30 * 86400);
    const blogDay = d.attributes.points.find((p: { time: string }) => p.time === "2026-03-01T00:00:00Z");
    expect(blogDay.downtime).toBe(2700);
    expect(blogDay.availability).toBeLessThan(100);
    expect(d.meta.totals.downtime).toBeGreaterThanOrEqual(2700);
  });

  it("GET /locations and GET /status", async () => {
    const l = await api.get("/locations");
    expect(ids(l.body.data)).toEqual(["nyc", "lon", "fra", "sin", "syd"]);
    expect(l.body.data[2]).toMatchObject({ attributes: { countryCode: "DE" }, meta: { status: 1 } });
    const s = await api.get("/status", READONLY);
    expect(s.body).toEqual({ meta: { status: "active", components: expect.any(Array), failures: [] } });
  });

  it("answers 200 for every role on reads", async () => {
    for (const token of [OWNER, MEMBER, READONLY])
      expect((await api.get("/teams/1/monitors", token)).status).toBe(200);
  });
});
