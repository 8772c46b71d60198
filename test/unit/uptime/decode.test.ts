import { describe, expect, it } from "vitest";
import { decodeList, decodeOne, decodePage, decodeStatus } from "../../../src/uptime/decode/documents";
import * as fx from "./fixtures";

describe("users", () => {
  it("decodes the token owner with included teams and their channels (teams.channels)", () => {
    const user = decodeOne("users", fx.userMeWithTeams);
    expect(user).toMatchObject({
      id: "7",
      firstName: "Ada",
      lastName: "",
      email: "ada@example.com",
      timeZone: "Europe/London",
      silentStart: "22:00",
      silentEnd: "07:00",
      invitation: "abc",
      teamIds: ["1"],
      url: "https://api.example.com/users/7",
    });
    expect(user).not.toHaveProperty("favouriteColour");
    const team = user.teams?.[0];
    expect(team?.name).toBe("Ops");
    expect(team?.channels?.map((c) => c.slug)).toEqual(["email"]);
    expect(team?.channelCount).toBe(1);
    // User 7 is the primary data, not in `included`: the membership stays a reference.
    expect(team?.members).toEqual([{ userId: "7", role: "owner" }]);
  });

  it("decodes the team list of a user (no counters there)", () => {
    const teams = decodeList("teams", fx.userTeams);
    expect(teams.map((t) => [t.id, t.name, t.members?.[0]?.role, t.counters, t.url])).toEqual([
      ["1", "Ops", "owner", null, "/teams/1"],
      ["2", "Web", "regular", null, "/teams/2"],
    ]);
  });
});

describe("teams", () => {
  it("decodes counters, features, members with A3 roles and included users, channels, locations", () => {
    const team = decodeOne("teams", fx.teamWithIncludes);
    expect(team.counters).toEqual({ up: 5, down: 1, paused: 2, pending: 0 });
    expect(team.availableFeatures).toEqual(["keyword-monitoring"]);
    expect(team.createdAt).toEqual(new Date("2024-05-01T10:00:00Z"));
    expect(team.members?.map((m) => [m.userId, m.role, m.user?.firstName])).toEqual([
      ["7", "owner", "Ada"],
      ["8", "read-only", undefined],
      ["9", "auditor", undefined],
    ]);
    expect(team.channels?.[0]).toMatchObject({ id: "3", slug: "sms", enabled: false, description: "" });
    expect(team.locations?.[0]).toMatchObject({ id: "eu-west", countryCode: "IE", status: 1 });
    expect(team.locationCount).toBe(1);
    expect(team.meta.plan).toBe("gold");
  });
});

describe("monitors", () => {
  it("decodes the earlier shapes: plural types, typed statistics, included checks and incidents", () => {
    const page = decodePage("monitors", fx.monitorPageEarlier);
    expect(page.meta).toEqual({ currentPage: 1, count: 2, perPage: 10, hasMorePages: true, total: 12 });
    expect(page.links.next).toBe("https://api.example.com/teams/1/monitors?page[number]=2");
    expect(page.links.prev).toBeNull();
    const [web, db] = page.items;
    expect(web).toMatchObject({
      id: "11",
      name: "Homepage",
      pronounceable: "home page",
      group: "Web / public",
      interval: 60,
      kind: "http",
      settings: { url: "https://example.com", keywordBody: "Welcome" },
      state: "down",
      stateCode: -10,
      paused: false,
    });
    expect(web?.incidents?.ids).toEqual(["501"]);
    expect(web?.incidents?.total).toBe(14);
    expect(web?.incidents?.items[0]).toMatchObject({ id: "501", open: true, reason: "HTTP 503" });
    expect(web?.checks?.[0]).toMatchObject({ passed: false, status: 503, durationMs: 412, monitorId: "11" });
    const av = web?.availabilityHourly;
    expect(av?.precision).toBe("hourly");
    expect(av?.points).toHaveLength(24);
    expect(av?.points[3]).toEqual({
      time: new Date("2024-05-01T03:00:00Z"),
      availability: 96.67,
      downtimeSeconds: 120,
    });
    expect(av?.points[4]?.availability).toBeNull();
    expect(av?.totals).toEqual({ availability: 99.86, downtimeSeconds: 120, timeframeSeconds: 86400 });
    expect(web?.latencyDaily).toMatchObject({
      precision: "daily",
      points: [{ time: new Date("2024-04-30T00:00:00Z"), totalMs: 180, metric0Ms: 40 }],
      averages: { totalMs: null, metric0Ms: null },
    });
    expect(web).not.toHaveProperty("availabilityDaily");
    expect(db).toMatchObject({
      kind: "tcp_port",
      settings: { host: "db.example.com", port: 5432, timeout: 10 },
      state: "up",
      paused: true,
      group: null,
    });
    expect(db).not.toHaveProperty("incidents");
  });

  it("decodes the later shapes: singular types, include=incident,availability,latency", () => {
    const page = decodePage("monitors", fx.monitorPageLater);
    expect(page.meta.hasMorePages).toBe(false);
    expect(page.meta).not.toHaveProperty("total");
    const m = page.items[0];
    expect(m?.state).toBe("pending");
    expect(m?.incidents?.total).toBe(2);
    expect(m?.incidents?.items.map((i) => [i.id, i.open, i.maintenance, i.downtimeSeconds])).toEqual([
      ["601", false, true, 5400],
      ["602", true, false, null],
    ]);
    expect(m?.availabilityDaily).toMatchObject({
      precision: "daily",
      totals: { availability: 99.79, downtimeSeconds: 5400, timeframeSeconds: 2592000 },
    });
    expect(m?.availabilityDaily?.points[1]).toMatchObject({ availability: null, downtimeSeconds: null });
    expect(m?.latencyDaily?.averages).toEqual({ totalMs: 150, metric0Ms: 35 });
    expect(m?.latencyDaily?.points[1]).toMatchObject({ totalMs: null, metric0Ms: null });
  });

  it("decodes a creation response (attributes.state null: pending)", () => {
    const m = decodeOne("monitors", fx.monitorCreated);
    expect(m).toMatchObject({
      id: "31",
      name: "Shop",
      state: "pending",
      paused: false,
      interval: null,
      kind: "http",
    });
    expect(m.url).toBe("https://api.example.com/monitors/31");
    expect(m.createdAt).toBeNull();
  });

  it("decodes a tcp_port monitor with maintenance fields", () => {
    const m = decodeOne("monitors", fx.monitorTcp);
    expect(m).toMatchObject({ kind: "tcp_port", state: "up", updatedAt: new Date("2024-05-01T11:30:00Z") });
  });
});

describe("incidents, checks, channels, locations, groups", () => {
  it("decodes team incidents with monitor/team ids and an included monitor", () => {
    const page = decodePage("incidents", fx.teamIncidentsPage);
    const [open, closed] = page.items;
    expect(open).toMatchObject({ id: "502", monitorId: "11", teamId: "1", open: true, ended: null });
    expect(open?.monitor?.name).toBe("Homepage");
    expect(closed).toMatchObject({ open: false, maintenance: true, downtimeSeconds: 5400 });
    expect(closed?.acknowledged).toEqual(new Date("2024-05-01T10:00:00Z"));
    expect(closed).not.toHaveProperty("monitor");
  });

  it("decodes checks (A5: state 1 passed, -1 failed; status 0 without HTTP)", () => {
    const checks = decodeList("checks", fx.teamChecks);
    expect(checks.map((c) => [c.passed, c.status, c.location, c.error, c.monitorId])).toEqual([
      [true, 200, "eu-west", null, "11"],
      [false, 0, "us-east", "connection refused", "12"],
    ]);
    expect(checks[0]?.created).toEqual(new Date("2024-05-01T11:30:00Z"));
  });

  it("decodes channels, locations and groups", () => {
    expect(
      decodeList("channels", fx.teamChannels).map((c) => [c.slug, c.enabled, c.createdAt !== null]),
    ).toEqual([
      ["email", true, true],
      ["phone-call", false, false],
    ]);
    expect(decodeList("locations", fx.locations)[0]).toMatchObject({
      name: "Dublin",
      zone: "eu",
      ip: "192.0.2.10",
      seen: new Date("2024-05-01T11:30:00Z"),
    });
    expect(decodeList("groups", fx.groups).map((g) => [g.name, g.monitorCount])).toEqual([
      ["Web / public", 3],
      ["Backend", 1],
    ]);
  });
});

describe("statistics and status", () => {
  it("decodes team availability (30 daily points at midnight)", () => {
    const av = decodeOne("availability", fx.teamAvailabilityDaily);
    expect(av.precision).toBe("daily");
    expect(av.points).toHaveLength(30);
    expect(av.points[0]?.time.getUTCHours()).toBe(0);
    expect(av.timeFrom).toEqual(new Date("2024-04-01T00:00:00Z"));
  });

  it("decodes an hourly latency with the empty-list averages of 'no data'", () => {
    const la = decodeOne("latency", fx.latencyHourlyEmpty);
    expect(la).toMatchObject({
      precision: "hourly",
      points: [],
      averages: { totalMs: null, metric0Ms: null },
    });
  });

  it("decodes the status document", () => {
    expect(decodeStatus(fx.statusActive)).toEqual({
      status: "active",
      active: true,
      components: ["api", "checks", "alerts"],
      failures: [],
    });
    expect(decodeStatus(fx.statusError)).toMatchObject({
      active: false,
      failures: [{ component: "alerts" }],
    });
  });
});
