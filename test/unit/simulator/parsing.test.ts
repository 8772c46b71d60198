import { describe, expect, it } from "vitest";
import { ApiError } from "../../../dev/simulator/errors";
import type { MonitorRecord } from "../../../dev/simulator/model";
import { paginate, parseQuery } from "../../../dev/simulator/query";
import { RateLimiter } from "../../../dev/simulator/rate-limiter";
import { Router } from "../../../dev/simulator/router";
import { checkIdFactory } from "../../../dev/simulator/time";
import { parseMonitorCreate, parseMonitorPatch } from "../../../dev/simulator/validate";

const spec = { page: true, include: ["checks"], filter: ["name"], sort: ["name", "created"] };

function pointers(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.errors.map((x) => x.source?.pointer ?? x.source?.parameter ?? "");
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("simulator query parsing", () => {
  it("reads page, include, filter and sort", () => {
    const q = parseQuery(
      new URLSearchParams("page[number]=3&include=checks&filter[name]=Ab&sort=-created,name&_=1"),
      spec,
    );
    expect(q.page).toBe(3);
    expect([...q.include]).toEqual(["checks"]);
    expect(q.filters.get("name")).toBe("Ab");
    expect(q.sort).toEqual([
      { field: "created", desc: true },
      { field: "name", desc: false },
    ]);
  });

  it("refuses what the route does not support, naming the parameter", () => {
    expect(pointers(() => parseQuery(new URLSearchParams("page=-1"), spec))).toEqual(["page"]);
    expect(pointers(() => parseQuery(new URLSearchParams("include=checks,owner"), spec))).toEqual([
      "include",
    ]);
    expect(pointers(() => parseQuery(new URLSearchParams("filter[group]=x"), spec))).toEqual([
      "filter[group]",
    ]);
    expect(pointers(() => parseQuery(new URLSearchParams("page=2"), {}))).toEqual(["page"]);
  });

  it("paginates by 10 with links that keep the other parameters", () => {
    const items = Array.from({ length: 25 }, (_, i) => i);
    const p = paginate(items, 2, "http://h/teams/1/monitors", new URLSearchParams("sort=name&page=2"));
    expect(p.items).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(p.meta).toEqual({ currentPage: 2, count: 10, perPage: 10, hasMorePages: true });
    expect(new URL(p.links.next!).search).toBe("?sort=name&page%5Bnumber%5D=3");
    expect(new URL(p.links.prev!).searchParams.get("page[number]")).toBe("1");
    expect(paginate(items, 3, "http://h/x", new URLSearchParams()).links.next).toBeUndefined();
  });
});

describe("simulator monitor validation (A8)", () => {
  const body = (attributes: unknown) => ({ data: { type: "monitors", attributes } });

  it("accepts HTTP and tcp_port monitors with defaults", () => {
    expect(parseMonitorCreate(body({ name: " Site ", settings: { url: "https://a.example.com" } }))).toEqual({
      name: "Site",
      pronounceable: null,
      interval: 60,
      group: null,
      kind: "http",
      settings: { url: "https://a.example.com" },
    });
    expect(
      parseMonitorCreate(body({ name: "DB", service: "tcp_port", settings: { host: "db", port: 5432 } }))
        .settings,
    ).toEqual({
      host: "db",
      port: 5432,
      timeout: 10,
    });
  });

  it("names every bad field", () => {
    expect(
      pointers(() =>
        parseMonitorCreate(
          body({ name: 3, interval: 61, group: 5, settings: { url: "notaurl", host: "x" } }),
        ),
      ).sort(),
    ).toEqual([
      "/data/attributes/group",
      "/data/attributes/interval",
      "/data/attributes/name",
      "/data/attributes/settings/host",
      "/data/attributes/settings/url",
    ]);
    expect(pointers(() => parseMonitorCreate(body({ name: "x", service: "ping", settings: {} })))).toEqual([
      "/data/attributes/service",
    ]);
    expect(
      pointers(() => parseMonitorCreate(body({ name: "x", "a/b": 1, settings: { url: "http://a.b" } }))),
    ).toEqual(["/data/attributes/a~1b"]);
  });

  it("merges settings on PATCH and validates the result", () => {
    const m = { id: 5, kind: "tcp_port", settings: { host: "db", port: 1, timeout: 10 } } as MonitorRecord;
    expect(
      parseMonitorPatch({ data: { type: "monitors", attributes: { settings: { port: 2 } } } }, m).settings,
    ).toEqual({
      host: "db",
      port: 2,
      timeout: 10,
    });
    expect(
      pointers(() =>
        parseMonitorPatch({ data: { type: "monitors", attributes: { settings: { port: 0 } } } }, m),
      ),
    ).toEqual(["/data/attributes/settings/port"]);
  });
});

describe("simulator small parts", () => {
  it("check ids carry a nanosecond fraction and stay unique within a millisecond", () => {
    const id = checkIdFactory();
    const ms = Date.parse("2026-03-10T12:00:00.123Z");
    const a = id(ms);
    const b = id(ms);
    expect(a).toMatch(/^2026-03-10T12:00:00\.123\d{6}Z$/);
    expect(b > a).toBe(true);
  });

  it("rate limiter: a bucket of `rate` tokens per token, refilled per second, Retry-After in whole seconds", () => {
    let now = 0;
    const limiter = new RateLimiter(2, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([null, null, 1]);
    expect(limiter.take("b")).toBeNull();
    now = 500;
    expect(limiter.take("a")).toBeNull();
    expect(new RateLimiter(0).take("a")).toBeNull();
  });

  it("router: integer ids, decoded names, 405 with the allowed methods", () => {
    const r = new Router<string>([
      { method: "GET", path: "/monitors/:id", handler: "get" },
      { method: "PATCH", path: "/monitors/:id", handler: "patch" },
      { method: "GET", path: "/teams/:id/groups/:any", handler: "group" },
    ]);
    expect(r.match("GET", "/monitors/12")).toMatchObject({ kind: "route", params: ["12"] });
    expect(r.match("GET", "/monitors/x").kind).toBe("none");
    expect(r.match("DELETE", "/monitors/1")).toEqual({ kind: "method", allow: ["GET", "PATCH"] });
    expect(r.match("GET", "/teams/1/groups/Web%20site")).toMatchObject({ params: ["1", "Web site"] });
    expect(r.match("GET", "/teams/1/groups/%E0%A4").kind).toBe("none");
  });
});
