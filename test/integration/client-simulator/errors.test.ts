// Every error status of the simulator, as the client types it: 400, 401, 403, 404, 422, 429, 5xx after
// the documented retries, and a dropped connection.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import {
  AuthenticationError,
  ClientError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  ValidationError,
} from "../../../src/uptime";
import { expectRecordedJsonApi, type Stack, startStack } from "./stack";

let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock: fixedClock("2026-03-10T12:00:00Z") });
});
afterEach(() => {
  s.sim.control.clearFaults();
});
afterAll(async () => {
  expectRecordedJsonApi(s.proxy);
  await s.close();
});

/** How many requests the simulator itself saw for `method path` since the last clear. */
function served(method: string, path: string): number {
  return s.sim.control.requests(1000).filter((r) => r.method === method && r.path === path).length;
}

describe("client errors against the simulator", () => {
  it("401: an unknown token is an AuthenticationError, not retried", async () => {
    s.sim.control.clearRequests();
    const err = await s.client
      .as("no-such-token")
      .users.me()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ status: 401, method: "GET", path: "/users/me" });
    expect((err as Error).message).not.toContain("no-such-token");
    expect(served("GET", "/users/me")).toBe(1);
  });

  it("403: a read-only member may not create, change, pause or delete monitors", async () => {
    const ro = s.readonly.monitors;
    const attempts = [
      () => ro.create(1, { kind: "http", name: "Nope", url: "https://nope.example/" }),
      () => ro.update(1, { name: "Nope" }),
      () => ro.disable(1),
      () => ro.enable(8),
      () => ro.delete(1),
    ];
    for (const attempt of attempts) {
      const err = await attempt().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PermissionDeniedError);
      expect((err as PermissionDeniedError).status).toBe(403);
      expect((err as PermissionDeniedError).detail).toMatch(/read-only/);
    }
    // Nothing changed.
    expect(await s.owner.monitors.get(1)).toMatchObject({ name: "Marketing site", paused: false });
    expect((await s.readonly.teams.monitors(1)).items).toHaveLength(10);
  });

  it("404: unknown ids and other teams' resources", async () => {
    await expect(s.owner.monitors.get(4242)).rejects.toBeInstanceOf(NotFoundError);
    await expect(s.member.teams.get(2)).rejects.toBeInstanceOf(NotFoundError);
    await expect(s.member.monitors.update(13, { name: "x" })).rejects.toBeInstanceOf(NotFoundError);
    const err = await s.owner.incidents.acknowledge(4242).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "NotFoundError", status: 404, title: expect.any(String) });
  });

  it("422: ValidationError with the pointer of each field", async () => {
    const err = await s.owner.monitors
      .create(1, { kind: "http", name: "No URL", url: "" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fieldErrors).toEqual([
      expect.objectContaining({ pointer: "/data/attributes/settings/url", field: "url" }),
    ]);
  });

  it("400: a parameter the simulator refuses is a ClientError", async () => {
    const err = await s.owner.teams.monitors(1, { filter: { state: 1.5 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientError);
    expect((err as ClientError).status).toBe(400);
    expect((err as ClientError).errors[0]?.source?.parameter).toBe("filter[state]");
  });

  it("5xx: a GET is retried and succeeds when the fault runs out", async () => {
    s.sim.control.clearRequests();
    s.sim.control.setFault({ status: 500, count: 2 });
    const team = await s.owner.teams.get(1);
    expect(team.name).toBe("Acme Production");
    expect(served("GET", "/teams/1")).toBe(3);
  });

  it("5xx: a GET gives ServerError after the retries (2 by default)", async () => {
    s.sim.control.clearRequests();
    s.sim.control.setFault({ status: 503, count: 10 });
    const err = await s.owner.locations.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).status).toBe(503);
    expect(served("GET", "/locations")).toBe(3);
  });

  it("5xx: create is never retried", async () => {
    s.sim.control.clearRequests();
    s.sim.control.setFault({ status: 500, count: 1 });
    const err = await s.owner.monitors
      .create(1, { kind: "http", name: "Once", url: "https://once.example/" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(served("POST", "/teams/1/monitors")).toBe(1);
    const all = [];
    for await (const m of s.owner.teams.monitorsAll(1, { filter: { name: "Once" } })) all.push(m);
    expect(all).toHaveLength(0);
  });

  it("5xx: the idempotent acknowledge is retried (A7)", async () => {
    const incident = s.sim.control.fail(4, "HTTP 500");
    s.sim.control.clearRequests();
    s.sim.control.setFault({ status: 502, count: 1 });
    const acked = await s.owner.incidents.acknowledge(incident!.id);
    expect(acked.acknowledged).toBeInstanceOf(Date);
    expect(served("POST", `/incidents/${incident!.id}/acknowledge`)).toBe(2);
    s.sim.control.recover(4);
  });

  it("a dropped connection is a NetworkError after the retries of a GET", async () => {
    s.sim.control.clearRequests();
    s.sim.control.setFault({ status: 0, count: 3 });
    const err = await s.owner.teams.checks(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ method: "GET", path: "/teams/1/checks" });
    expect(served("GET", "/teams/1/checks")).toBe(3);
    // The pool recovers: the next call succeeds.
    expect((await s.owner.teams.checks(1)).length).toBeGreaterThan(0);
  });
});

describe("client rate limiting against the simulator", () => {
  it("429: RateLimitError with retryAfter from the simulator's Retry-After", async () => {
    const limited = await startStack({ rateLimitPerSecond: 2 }, { retry: { retries: 0 } });
    try {
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => limited.owner.users.me()));
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const err of refused) {
        expect(err).toBeInstanceOf(RateLimitError);
        expect((err as RateLimitError).status).toBe(429);
        expect((err as RateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
      }
      // Other tokens have their own bucket.
      expect((await limited.member.users.me()).firstName).toBe("Max");
      expectRecordedJsonApi(limited.proxy);
    } finally {
      await limited.close();
    }
  });
});
