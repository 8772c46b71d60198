// The client's monitors resource against the simulator over real HTTP (through a recording proxy).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { type Incident, NotFoundError, ValidationError } from "../../../src/uptime";
import { expectRecordedJsonApi, type Stack, startStack } from "./stack";

let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock: fixedClock("2026-03-10T12:00:00Z") });
});
afterAll(async () => {
  expectRecordedJsonApi(s.proxy);
  await s.close();
});

const pointers = (e: unknown) => (e as ValidationError).fieldErrors.map((f) => f.pointer).sort();

describe("client monitors against the simulator", () => {
  it("create() an HTTP monitor: 201 with the resource, pending (A4), no service (A8)", async () => {
    const m = await s.member.monitors.create(1, {
      kind: "http",
      name: "Status page",
      url: "https://status.example.com/",
      keywordBody: "operational",
      group: "Website",
      interval: 120,
    });
    expect(m).toMatchObject({
      name: "Status page",
      kind: "http",
      group: "Website",
      interval: 120,
      settings: { url: "https://status.example.com/", keywordBody: "operational" },
      state: "pending",
      stateCode: null,
      paused: false,
    });
    expect(m.url).toBe(`${s.proxy.url}/monitors/${m.id}`);
    const created = s.proxy.responses.find((r) => r.method === "POST" && r.path === "/teams/1/monitors");
    expect(created?.status).toBe(201);
  });

  it("create() a tcp_port monitor", async () => {
    const m = await s.owner.monitors.create(1, {
      kind: "tcp_port",
      name: "Replica database",
      host: "replica.example.internal",
      port: 5432,
      timeout: 5,
    });
    expect(m).toMatchObject({
      kind: "tcp_port",
      settings: { host: "replica.example.internal", port: 5432, timeout: 5 },
      interval: 60,
      state: "pending",
    });
  });

  it("create() with invalid input: ValidationError naming every bad field by pointer", async () => {
    const http = await s.owner.monitors
      .create(1, { kind: "http", name: " ", url: "ftp://example.com/", interval: 45 })
      .catch((e: unknown) => e);
    expect(http).toBeInstanceOf(ValidationError);
    expect((http as ValidationError).status).toBe(422);
    expect(pointers(http)).toEqual([
      "/data/attributes/interval",
      "/data/attributes/name",
      "/data/attributes/settings/url",
    ]);
    const tcp = await s.owner.monitors
      .create(1, { kind: "tcp_port", name: "Bad port", host: "db.example.internal", port: 70000, timeout: 0 })
      .catch((e: unknown) => e);
    expect(pointers(tcp)).toEqual(["/data/attributes/settings/port", "/data/attributes/settings/timeout"]);
    expect((tcp as ValidationError).fieldErrors[0]?.field).toBe("port");
  });

  it("get() with includes of both forms (A11)", async () => {
    const m = await s.owner.monitors.get(2, {
      include: ["checks", "incidents", "availability-hourly", "latency-daily"],
    });
    expect(m).toMatchObject({ id: "2", name: "Web shop", state: "up", stateCode: 10, paused: false });
    expect(m.settings).toEqual({ url: "https://shop.example.com/health", keywordBody: "OK" });
    expect(m.createdAt).toBeInstanceOf(Date);
    expect(m.checks?.length).toBeGreaterThan(0);
    expect(m.incidents?.items.map((i) => i.id)).toEqual(["2"]);
    expect(m.availabilityHourly?.points).toHaveLength(24);
    expect(m.latencyDaily?.points).toHaveLength(30);
    const later = await s.owner.monitors.get(2, { include: ["incident", "availability", "latency"] });
    expect(later.incidents?.ids).toEqual(["2"]);
    expect(later.availabilityDaily?.points).toHaveLength(30);
    expect(later.latencyDaily?.points).toHaveLength(30);
    const plain = await s.owner.monitors.get(9);
    expect(plain).toMatchObject({ kind: "tcp_port", settings: { host: "db.example.internal", port: 5432 } });
    expect(plain.checks).toBeUndefined();
  });

  it("update() changes attributes and merges settings", async () => {
    const m = await s.owner.monitors.update(10, { name: "Redis primary", interval: 120, port: 6380 });
    expect(m).toMatchObject({
      id: "10",
      name: "Redis primary",
      interval: 120,
      settings: { host: "cache.example.internal", port: 6380, timeout: 10 },
    });
    expect((await s.owner.monitors.get(10)).name).toBe("Redis primary");
    const bad = await s.owner.monitors.update(10, { url: "https://x.example.com/" }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect(pointers(bad)).toEqual(["/data/attributes/settings/url"]);
  });

  it("disable() pauses and enable() resumes (A4 meta.status)", async () => {
    const off = await s.member.monitors.disable(1);
    expect(off).toMatchObject({ id: "1", paused: true });
    expect((await s.owner.monitors.get(1)).paused).toBe(true);
    const on = await s.member.monitors.enable(1);
    expect(on).toMatchObject({ id: "1", paused: false, state: "up" });
    const paused = await s.owner.monitors.get(8);
    expect(paused.paused).toBe(true);
  });

  it("delete() answers 204; the monitor is then NotFoundError", async () => {
    const m = await s.owner.monitors.create(1, {
      kind: "http",
      name: "Doomed",
      url: "https://doomed.example/",
    });
    await expect(s.owner.monitors.delete(m.id)).resolves.toBeUndefined();
    expect(
      s.proxy.responses.find((r) => r.method === "DELETE" && r.path === `/monitors/${m.id}`)?.status,
    ).toBe(204);
    const err = await s.owner.monitors.get(m.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    await expect(s.owner.monitors.delete(m.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("incidents(): a monitor's incidents newest first, paged, and incidentsAll()", async () => {
    for (let i = 0; i < 11; i++) {
      await s.sim.control.advance(60_000);
      s.sim.control.fail(11, `outage ${i + 1}`);
      await s.sim.control.advance(60_000);
      s.sim.control.recover(11);
    }
    const page = await s.owner.monitors.incidents(11);
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toMatchObject({ reason: "outage 11", monitorId: "11", teamId: "1", open: false });
    expect(page.items[0]?.downtimeSeconds).toBe(60);
    expect(page.hasMore).toBe(true);
    const second = await s.owner.monitors.incidents(11, { page: 2 });
    expect(second.items.map((i) => i.reason)).toEqual(["outage 1"]);
    const all: Incident[] = [];
    for await (const i of s.owner.monitors.incidentsAll(11)) all.push(i);
    expect(all).toHaveLength(11);
  });
});
