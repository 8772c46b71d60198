import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { type Api, startApi } from "./helpers";

let api: Api;

beforeAll(async () => {
  api = await startApi({ clock: fixedClock("2026-03-10T12:00:00Z") });
});
afterAll(() => api.sim.close());

describe("simulator control API", () => {
  it("GET /__simulator/health", async () => {
    expect((await api.control("GET", "/__simulator/health")).body).toEqual({ ok: true });
  });

  it("seeds 5,000 teams in one request; a token in several teams is one user", async () => {
    const teams = Array.from({ length: 5000 }, (_, i) => ({
      name: `Team ${i}`,
      users: [
        { firstName: "Bench", token: `bench-${i}`, role: "owner" },
        { firstName: "Shared", token: "shared-token", role: "read-only" },
      ],
      monitors: [
        { name: "Web", url: `https://t${i}.example.com/` },
        { name: "API", group: "API", url: `https://api.t${i}.example.com/`, interval: 30 },
        { name: "DB", service: "tcp_port", host: `db${i}.example.internal`, port: 5432, paused: i % 2 === 0 },
      ],
    }));
    const a = await api.control("POST", "/__simulator/seed", { teams });
    expect(a.status).toBe(201);
    expect(a.body.teams).toHaveLength(5000);
    const last = a.body.teams[4999];
    expect(last.monitors.map((m: { name: string }) => m.name)).toEqual(["Web", "API", "DB"]);
    const sharedIds = new Set(a.body.teams.map((t: { users: { id: number }[] }) => t.users[1]!.id));
    expect(sharedIds.size).toBe(1);
    const list = await api.get(`/teams/${last.id}/monitors`, "bench-4999");
    expect(list.body.data).toHaveLength(3);
    const me = await api.get("/users/me", "shared-token");
    expect(me.body.data.relationships.teams.data).toHaveLength(5000);
    api.sim.control.reset();
  });

  it("refuses a bad seed with 400 pointing into the body, and id clashes with 409", async () => {
    const bad = await api.control("POST", "/__simulator/seed", {
      teams: [{ name: "X", users: [{ token: "t", role: "boss" }] }],
    });
    expect(bad.status).toBe(400);
    const pointers = bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer);
    expect(pointers).toContain("/teams/0/users/0/role");
    expect(pointers).toContain("/teams/0/users/0/firstName");
    const ok = await api.control("POST", "/__simulator/seed", {
      teams: [{ id: 42, name: "Fixed", monitors: [{ id: 7, name: "M" }] }],
    });
    expect(ok.body.teams[0]).toMatchObject({ id: 42, monitors: [{ id: 7, name: "M" }] });
    expect(
      (await api.control("POST", "/__simulator/seed", { teams: [{ id: 42, name: "Again" }] })).status,
    ).toBe(409);
    api.sim.control.reset();
  });

  it("records recent service requests with the token's last four characters only", async () => {
    api.sim.control.seed({
      teams: [{ name: "Log", users: [{ firstName: "L", token: "secret-abcd", role: "owner" }] }],
    });
    await api.control("DELETE", "/__simulator/requests");
    await api.get("/users/me", "secret-abcd");
    await api.get("/teams/1/monitors?page[number]=2", "secret-abcd");
    await api.get("/status", null);
    const log = await api.control("GET", "/__simulator/requests?limit=2");
    expect(log.body.requests).toEqual([
      {
        at: expect.any(String),
        method: "GET",
        path: "/teams/1/monitors",
        query: "page%5Bnumber%5D=2",
        token: "abcd",
        status: 200,
      },
      { at: expect.any(String), method: "GET", path: "/status", query: "", token: null, status: 401 },
    ]);
    expect(JSON.stringify(await api.control("GET", "/__simulator/requests"))).not.toContain("secret");
    api.sim.control.reset();
  });

  it("answers control errors as A1 documents", async () => {
    const missing = await api.control("POST", "/__simulator/monitors/999/fail");
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].status).toBe("404");
    expect((await api.control("POST", "/__simulator/nothing")).status).toBe(404);
    expect((await api.control("GET", "/__simulator/seed")).status).toBe(405);
    expect((await api.control("POST", "/__simulator/clock/advance", { ms: -1 })).status).toBe(400);
    expect((await api.control("POST", "/__simulator/schedules", { monitorId: 1 })).status).toBe(400);
  });

  it("advance needs a manual clock; checks/run works on any", async () => {
    const real = await startApi({ seed: "demo", autoChecks: false });
    try {
      expect((await real.control("POST", "/__simulator/clock/advance", { ms: 1000 })).status).toBe(409);
      const run = await real.control("POST", "/__simulator/checks/run");
      expect(run.body).toEqual({ ok: true, rounds: 14 });
      const one = await real.control("POST", "/__simulator/checks/run", { monitorId: 1 });
      expect(one.body.rounds).toBe(1);
    } finally {
      await real.sim.close();
    }
  });

  it("reset forgets everything; the demo seed can be loaded over HTTP", async () => {
    expect((await api.control("POST", "/__simulator/seed/demo")).status).toBe(201);
    expect((await api.get("/teams/1", "demo-owner-token")).status).toBe(200);
    expect((await api.control("POST", "/__simulator/seed/demo")).status).toBe(409);
    await api.control("POST", "/__simulator/reset");
    expect((await api.get("/teams/1", "demo-owner-token")).status).toBe(401);
  });
});
