// Planned quiet windows (issue 37) on a real Redis: the window store's reads (which window covers a
// monitor, when), and the schedule that fires each window's start and end once, whichever replica ticks,
// in order even when both times passed while no replica ran.
import { describe, expect, it } from "vitest";
import { ScheduleStore } from "../../../src/alerts/engine/schedules/schedule-store";
import { ScheduleWorker } from "../../../src/alerts/engine/schedules/schedule-worker";
import { maintenanceSchedules } from "../../../src/alerts/kinds/maintenance/maintenance-schedules";
import { SCHEDULE_KINDS } from "../../../src/alerts/kinds/registry";
import { keyspace } from "../../../src/store/keys";
import { MaintenanceStore, type NewMaintenanceWindow } from "../../../src/store/maintenance-store";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const WS = { teamId: "T0QUIET" };
const T0 = Date.parse("2026-11-27T20:00:00Z");
let now = T0;
const clock = { now: () => now };

const window = (over: Partial<NewMaintenanceWindow> = {}): NewMaintenanceWindow => ({
  scope: { kind: "monitor", monitorId: "4", name: "Docs" },
  startAt: T0,
  endAt: T0 + 3_600_000,
  by: "U0ALICE",
  reason: null,
  subscriptionId: "sub1",
  apiTeamId: "1",
  ...over,
});

describe("MaintenanceStore", () => {
  it("says which window covers a monitor: started, not over, not ended, by monitor, group or all", async () => {
    const store = new MaintenanceStore({ redis, keys, clock });
    now = T0 - 60_000;
    const docs = await store.plan(WS, "C1", window());
    const edge = await store.plan(
      WS,
      "C1",
      window({ scope: { kind: "group", group: "Edge" }, startAt: T0 + 600_000 }),
    );
    expect(docs.id).toMatch(/^[a-z0-9]{4}$/);
    expect(edge.id).not.toBe(docs.id);
    // Planned, not started yet.
    expect(await store.covering(WS, "C1", { monitorId: "4", group: null, apiTeamId: "1" })).toBeNull();
    expect((await store.listChannel(WS, "C1")).map((w) => w.id)).toEqual([docs.id, edge.id]);

    now = T0 + 600_000;
    expect((await store.covering(WS, "C1", { monitorId: "4", group: null, apiTeamId: "1" }))?.id).toBe(
      docs.id,
    );
    expect((await store.covering(WS, "C1", { monitorId: "9", group: "Edge", apiTeamId: "1" }))?.id).toBe(
      edge.id,
    );
    expect(await store.covering(WS, "C1", { monitorId: "9", group: "edge", apiTeamId: "1" })).toBeNull();
    expect(await store.covering(WS, "C2", { monitorId: "4", group: null, apiTeamId: "1" })).toBeNull();
    // Another API team's monitor in the same channel: never covered, whatever its id or group.
    expect(await store.covering(WS, "C1", { monitorId: "4", group: null, apiTeamId: "2" })).toBeNull();
    expect(await store.covering(WS, "C1", { monitorId: "9", group: "Edge", apiTeamId: "2" })).toBeNull();

    // Its end delivered: over at once, whatever the clock says.
    await store.put(WS, "C1", { ...docs, ended: true });
    expect(await store.covering(WS, "C1", { monitorId: "4", group: null, apiTeamId: "1" })).toBeNull();
    // Past its end: over too, and no longer listed.
    now = T0 + 600_000 + 3_600_000;
    expect(await store.listChannel(WS, "C1")).toEqual([]);

    await store.hold(WS, "C1", edge, "900", "sub1");
    await store.hold(WS, "C1", edge, "901", "sub2");
    expect(await store.held(WS, "C1", edge.id)).toEqual({ "900": "sub1", "901": "sub2" });
    expect(await redis.pttl(keys.channelMaintenance("T:T0QUIET", "C1"))).toBeGreaterThan(0);
  });

  it("keeps every window of a channel apart, a record it cannot read counting as no window", async () => {
    const store = new MaintenanceStore({ redis, keys, clock });
    now = T0;
    await redis.hset(keys.channelMaintenance("T:T0QUIET", "C3"), "zzzz", "{not json");
    const all = await store.plan(WS, "C3", window({ scope: { kind: "all" } }));
    expect((await store.covering(WS, "C3", { monitorId: "77", group: null, apiTeamId: "1" }))?.id).toBe(
      all.id,
    );
    // `all` is all of the window's team.
    expect(await store.covering(WS, "C3", { monitorId: "77", group: null, apiTeamId: "2" })).toBeNull();
    expect((await store.listChannel(WS, "C3")).map((w) => w.id)).toEqual([all.id]);
  });
});

describe("a window's schedule", () => {
  const outboxEvents = async () => {
    const scheduler = new PollTargetStore({ redis, keys });
    const events: { target: string; phase: string }[] = [];
    for (let shard = 0; shard < scheduler.shards; shard++) {
      for (const [, fields] of await redis.xrange(scheduler.outboxKey(shard), "-", "+")) {
        const target = fields[fields.indexOf("target") + 1]!;
        if (!target.startsWith("maintenance:")) continue;
        events.push({ target, phase: JSON.parse(fields[fields.indexOf("event") + 1]!).phase });
      }
    }
    return events;
  };

  it("fires its start, then its end, once each across replicas, even when both passed while none ran", async () => {
    const scheduler = new PollTargetStore({ redis, keys });
    const store = new ScheduleStore({ redis, keys, scheduler });
    const windows = new MaintenanceStore({ redis, keys, clock });
    now = T0 - 7_200_000;
    const planned = await windows.plan(
      WS,
      "C9",
      window({ subscriptionId: "subq", startAt: T0 - 7_200_000, endAt: T0 - 3_600_000 }),
    );
    await maintenanceSchedules(store).schedule(planned);
    // Every replica was down for the whole window: three come back at once.
    now = T0;
    const replicas = [1, 2, 3].map(() => new ScheduleWorker({ store, kinds: SCHEDULE_KINDS, clock }));
    await Promise.all(replicas.map((r) => r.tick()));
    expect(await outboxEvents()).toEqual([{ target: "maintenance:subq", phase: "start" }]);
    await Promise.all(replicas.map((r) => r.tick()));
    await Promise.all(replicas.map((r) => r.tick()));
    expect(await outboxEvents()).toEqual([
      { target: "maintenance:subq", phase: "start" },
      { target: "maintenance:subq", phase: "end" },
    ]);
  });

  it("ended early: the end is due now and its start is not fired again; cancelled: nothing fires", async () => {
    const scheduler = new PollTargetStore({ redis, keys });
    const store = new ScheduleStore({ redis, keys, scheduler });
    const windows = new MaintenanceStore({ redis, keys, clock });
    const schedules = maintenanceSchedules(store);
    now = T0;
    const running = await windows.plan(
      WS,
      "C8",
      window({ subscriptionId: "sube", startAt: T0, endAt: T0 + 3_600_000 }),
    );
    const later = await windows.plan(WS, "C8", window({ subscriptionId: "subc", startAt: T0 + 600_000 }));
    await schedules.schedule(running);
    await schedules.schedule(later);
    const worker = new ScheduleWorker({ store, kinds: SCHEDULE_KINDS, clock });
    await worker.tick();
    now = T0 + 60_000;
    await schedules.endNow(running, now);
    await schedules.cancel(later);
    await worker.tick();
    now = T0 + 2 * 3_600_000;
    await worker.tick();
    const mine = (await outboxEvents()).filter((e) => e.target !== "maintenance:subq");
    expect(mine).toEqual([
      { target: "maintenance:sube", phase: "start" },
      { target: "maintenance:sube", phase: "end" },
    ]);
  });
});
