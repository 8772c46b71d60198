// The client's incidents, groups, statistics, locations and status resources against the simulator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { NotFoundError, PermissionDeniedError, ValidationError } from "../../../src/uptime";
import { expectRecordedJsonApi, type Stack, startStack } from "./stack";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const clock = fixedClock(NOW);
let s: Stack;
beforeAll(async () => {
  s = await startStack({ clock });
});
afterAll(async () => {
  expectRecordedJsonApi(s.proxy);
  await s.close();
});

describe("client incidents against the simulator", () => {
  it("get() an ended incident with its fields decoded", async () => {
    const i = await s.owner.incidents.get(2);
    expect(i).toMatchObject({
      id: "2",
      monitorId: "2",
      teamId: "1",
      open: false,
      maintenance: false,
      acknowledged: null,
      downtimeSeconds: 180,
    });
    expect(i.reason).toMatch(/^HTTP 503/);
    expect(i.ended!.getTime() - i.started.getTime()).toBe(180_000);
    await expect(s.owner.incidents.get(999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(s.member.incidents.get(3)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("acknowledge() an open incident; again leaves it unchanged; an ended one is a ValidationError", async () => {
    const opened = s.sim.control.fail(3, "HTTP 502");
    const id = opened!.id;
    const open = await s.owner.incidents.get(id);
    expect(open).toMatchObject({ open: true, ended: null, acknowledged: null, reason: "HTTP 502" });
    await expect(s.readonly.incidents.acknowledge(id)).rejects.toBeInstanceOf(PermissionDeniedError);
    const acked = await s.member.incidents.acknowledge(id);
    expect(acked.acknowledged?.getTime()).toBe(NOW);
    await s.sim.control.advance(30_000);
    const again = await s.owner.incidents.acknowledge(id);
    expect(again.acknowledged?.getTime()).toBe(NOW);
    expect(again).toEqual(acked);
    const ended = await s.owner.incidents.acknowledge(2).catch((e: unknown) => e);
    expect(ended).toBeInstanceOf(ValidationError);
    expect((ended as ValidationError).status).toBe(422);
    s.sim.control.recover(3);
    expect((await s.owner.incidents.get(id)).open).toBe(false);
  });
});

describe("client groups and statistics against the simulator", () => {
  it("groups.list() gives every group with its monitor count (A7)", async () => {
    const groups = await s.owner.groups.list(1);
    expect(groups.map((g) => [g.id, g.name, g.monitorCount])).toEqual([
      ["API", "API", 4],
      ["Infrastructure", "Infrastructure", 4],
      ["Website", "Website", 4],
    ]);
    expect(await s.staging.groups.list(2)).toEqual([]);
  });

  it("availability and latency, hourly (24 points) and daily (30 points at 00:00 UTC) (A10)", async () => {
    const avH = await s.owner.groups.availability(1, "Website", "hourly");
    const avD = await s.owner.groups.availability(1, "Website", "daily");
    const laH = await s.owner.groups.latency(1, "Infrastructure", "hourly");
    const laD = await s.owner.groups.latency(1, "Infrastructure", "daily");
    expect([avH.points.length, avD.points.length, laH.points.length, laD.points.length]).toEqual([
      24, 30, 24, 30,
    ]);
    expect([avH.precision, avD.precision, laH.precision, laD.precision]).toEqual([
      "hourly",
      "daily",
      "hourly",
      "daily",
    ]);
    expect(avD.points.every((p) => p.time.getUTCHours() === 0 && p.time.getUTCMinutes() === 0)).toBe(true);
    expect(avD.points.some((p) => p.availability !== null && p.availability < 100)).toBe(true);
    expect(laD.points.some((p) => typeof p.totalMs === "number" && p.totalMs > 0)).toBe(true);
    expect(laD.averages.totalMs).toBeGreaterThan(0);
    expect(avH.timeTo!.getTime()).toBeGreaterThan(avH.timeFrom!.getTime());
    await expect(s.owner.groups.availability(1, "No such group", "daily")).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("client locations and status against the simulator", () => {
  it("locations.list()", async () => {
    const locations = await s.owner.locations.list();
    expect(locations).toHaveLength(5);
    expect(locations[0]).toMatchObject({ id: "nyc", name: "New York", countryCode: "US", status: 1 });
    expect(locations[0]?.seen?.getTime()).toBe(clock.now());
  });

  it("status.get(): active, then error with failures", async () => {
    expect(await s.owner.status.get()).toMatchObject({ status: "active", active: true, failures: [] });
    s.sim.control.setServiceStatus("error", [{ component: "checks", detail: "delayed" }]);
    const st = await s.owner.status.get();
    expect(st).toMatchObject({ status: "error", active: false, failures: [{ component: "checks" }] });
    expect(st.components).toContain("checks");
    s.sim.control.setServiceStatus("active");
  });
});
