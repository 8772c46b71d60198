import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { type Api, expectError, expectJsonApi, MEMBER, OWNER, READONLY, startApi } from "./helpers";

let api: Api;
const clock = fixedClock("2026-03-10T12:00:00Z");

beforeAll(async () => {
  api = await startApi({ seed: "demo", clock });
});
afterAll(() => api.sim.close());

describe("simulator: error answers are A1 documents", () => {
  it("400 for bad query parameters, naming the parameter", async () => {
    for (const q of [
      "page[number]=abc",
      "page=0",
      "sort=colour",
      "include=owner",
      "filter[colour]=red",
      "page[size]=50",
      "filter[state]=up",
    ]) {
      const a = await api.get(`/teams/1/monitors?${q}`);
      expectError(a, 400);
      expect(a.body.errors[0].source.parameter).toBeDefined();
    }
    expectError(await api.get("/teams/1/checks?include=monitor"), 400);
    expect((await api.get("/teams/1/checks?_=123")).status).toBe(200);
  });

  it("400 for malformed JSON", async () => {
    expectError(await api.call("POST", "/teams/1/monitors", { rawBody: '{"data": {' }), 400);
  });

  it("401 without a token or with an unknown one, with WWW-Authenticate", async () => {
    const none = await api.get("/users/me", null);
    expectError(none, 401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expectError(await api.get("/users/me", "not-a-token"), 401);
    expectError(await api.get("/no/such/route", null), 401);
  });

  it("403 when the role forbids the operation", async () => {
    expectError(await api.call("POST", "/monitors/1/disable", { token: READONLY }), 403);
  });

  it("404 for unknown routes and ids", async () => {
    expectError(await api.get("/nothing/here"), 404);
    expectError(await api.get("/monitors/abc"), 404);
    expectError(await api.get("/monitors/0"), 404);
    expectError(await api.get("/incidents/123456"), 404);
  });

  it("405 with Allow for a known path and a wrong method", async () => {
    const a = await api.call("PUT", "/monitors/1", { body: {} });
    expectError(a, 405);
    expect(a.headers.allow).toContain("PATCH");
  });

  it("413 for a body over 64 KiB", async () => {
    const big = JSON.stringify({ data: { type: "monitors", attributes: { name: "x".repeat(70 * 1024) } } });
    expectError(await api.call("POST", "/teams/1/monitors", { rawBody: big }), 413);
  });

  it("415 for a body that is not JSON", async () => {
    expectError(
      await api.call("POST", "/teams/1/monitors", {
        rawBody: "name=x",
        contentType: "application/x-www-form-urlencoded",
      }),
      415,
    );
    expectError(await api.call("PATCH", "/users/me", { rawBody: "<x/>", contentType: "text/xml" }), 415);
  });

  it("never crashes on odd input", async () => {
    const paths = [
      "/teams/1/groups/%E0%A4%A/availability-daily",
      "/teams/1/groups/%ZZ",
      "/teams/99999999999999999999/monitors",
      "/teams/1/monitors?page[number]=999999",
      "/teams/1/monitors?filter[name]=%00%FF",
      "//teams//1",
      "/users/me%00",
    ];
    for (const p of paths) {
      const a = await api.get(p);
      expect(a.status).toBeLessThan(500);
    }
    const page = await api.get("/teams/1/monitors?page[number]=999999");
    expect(page.body.data).toEqual([]);
    expect(page.body.meta.hasMorePages).toBe(false);
    for (const body of [
      "null",
      "[]",
      '"x"',
      "42",
      '{"data":[]}',
      '{"data":{"type":"monitors","attributes":[]}}',
    ]) {
      expectError(await api.call("POST", "/teams/1/monitors", { rawBody: body }), 422);
    }
    expect((await api.get("/users/me")).status).toBe(200);
  });
});

describe("simulator: rate limit", () => {
  it("429 with Retry-After in whole seconds once a token exceeds its rate; other tokens are unaffected", async () => {
    const limited = await startApi({ seed: "demo", clock, rateLimitPerSecond: 5 });
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, () => limited.get("/users/me", OWNER)));
      const tooMany = answers.filter((a) => a.status === 429);
      expect(tooMany.length).toBeGreaterThan(0);
      expectError(tooMany[0]!, 429);
      expect(tooMany[0]!.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect((await limited.get("/users/me", MEMBER)).status).toBe(200);
    } finally {
      await limited.sim.close();
    }
  });
});

describe("simulator: injected faults", () => {
  it("answers the fault status for a count of requests, leaving the control API alone", async () => {
    expect((await api.control("POST", "/__simulator/faults", { status: 503, count: 2 })).status).toBe(201);
    expect((await api.control("GET", "/__simulator/health")).body).toEqual({ ok: true });
    expectError(await api.get("/teams/1/checks"), 503);
    expectError(await api.get("/status", null), 503);
    expect((await api.get("/teams/1/checks")).status).toBe(200);
  });

  it("answers the fault for a duration on the simulator's clock, until cleared", async () => {
    await api.control("POST", "/__simulator/faults", { status: 500, durationMs: 30_000 });
    expectError(await api.get("/teams/1/checks"), 500);
    clock.advance(29_000);
    expectError(await api.get("/teams/1/incidents"), 500);
    clock.advance(1_000);
    expect((await api.get("/teams/1/checks")).status).toBe(200);
    await api.control("POST", "/__simulator/faults", { status: 502 });
    expectError(await api.get("/teams/1"), 502);
    await api.control("DELETE", "/__simulator/faults");
    expect((await api.get("/teams/1")).status).toBe(200);
  });

  it("status 0 drops the connection", async () => {
    api.sim.control.setFault({ status: 0, count: 1 });
    await expect(
      request(`${api.url}/status`, { headers: { authorization: `Bearer ${OWNER}` } }),
    ).rejects.toThrow();
    expect((await api.get("/status")).status).toBe(200);
  });

  it("selects requests by token and by path: a 401 for one poll token's checks only", async () => {
    const fault = { status: 401, token: OWNER, path: "/teams/1/checks", durationMs: 30_000 };
    expect((await api.control("POST", "/__simulator/faults", fault)).status).toBe(201);
    expectError(await api.get("/teams/1/checks"), 401);
    // The same token elsewhere, and another token on the same path, are served.
    expect((await api.get("/users/me")).status).toBe(200);
    expect((await api.get("/teams/1/checks", MEMBER)).status).toBe(200);
    expectError(await api.get("/teams/1/checks"), 401);
    await api.control("POST", "/__simulator/faults", { status: 401, token: OWNER });
    expectError(await api.get("/users/me"), 401);
    expect((await api.get("/users/me", MEMBER)).status).toBe(200);
    await api.control("DELETE", "/__simulator/faults");
    expect((await api.get("/users/me")).status).toBe(200);
  });

  it("selects one exact path with exactPath: a 401 to GET /teams/1, not to its sub-paths", async () => {
    const fault = { status: 401, path: "/teams/1", exactPath: true };
    expect((await api.control("POST", "/__simulator/faults", fault)).status).toBe(201);
    expectError(await api.get("/teams/1"), 401);
    expect((await api.get("/teams/1/checks")).status).toBe(200);
    expect((await api.get("/users/me")).status).toBe(200);
    await api.control("DELETE", "/__simulator/faults");
    expect((await api.get("/teams/1")).status).toBe(200);
    // exactPath without a path selects nothing sensible: refused.
    expect((await api.control("POST", "/__simulator/faults", { status: 401, exactPath: true })).status).toBe(
      400,
    );
  });

  it("refuses a bad fault definition with 400", async () => {
    expect((await api.control("POST", "/__simulator/faults", { status: 200 })).status).toBe(400);
    expect((await api.control("POST", "/__simulator/faults", { status: 401, path: "teams" })).status).toBe(
      400,
    );
  });

  it("GET /status reports an error state set through the control API", async () => {
    await api.control("POST", "/__simulator/status", {
      status: "error",
      failures: [{ component: "checks" }],
    });
    const a = await api.get("/status");
    expectJsonApi(a.body);
    expect(a.body.meta.status).toBe("error");
    expect(a.body.meta.failures).toHaveLength(1);
    await api.control("POST", "/__simulator/status", { status: "active" });
  });
});
