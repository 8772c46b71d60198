// The engine's deferrals on a real Redis: an event held until its time is released once across racing
// replicas and then goes through; an ending event while it is held drops both, and every redelivery after.
import { describe, expect, it } from "vitest";
import { Deferrals, deferredSchedule, HELD_BACK } from "../../../src/alerts/engine/deferrals";
import { ScheduleStore } from "../../../src/alerts/engine/schedules/schedule-store";
import { ScheduleWorker } from "../../../src/alerts/engine/schedules/schedule-worker";
import { keyspace } from "../../../src/store/keys";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import type { Subscription } from "../../../src/store/subscription-store";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const T0 = Date.parse("2026-12-01T09:00:00Z");
let now = T0;
const clock = { now: () => now };
const sub = { id: "sub1" } as Subscription;

describe("deferrals", () => {
  const scheduler = new PollTargetStore({ redis, keys });
  const store = new ScheduleStore({ redis, keys, scheduler });
  const deferrals = new Deferrals({ store, clock });
  const entries = async () => {
    const out: { target: string; event: unknown }[] = [];
    for (let shard = 0; shard < scheduler.shards; shard++) {
      for (const [, f] of await redis.xrange(scheduler.outboxKey(shard), "-", "+")) {
        out.push({ target: f[f.indexOf("target") + 1]!, event: JSON.parse(f[f.indexOf("event") + 1]!) });
      }
    }
    return out;
  };
  const replicas = [1, 2, 3].map(() => new ScheduleWorker({ store, clock, kinds: [deferredSchedule] }));
  const tick = async () => (await Promise.all(replicas.map((r) => r.tick()))).reduce((a, b) => a + b, 0);

  it("holds an event until its time, releases the latest one once, then lets the key's events through", async () => {
    now = T0;
    const held = { key: "i1", until: T0 + 120_000 };
    expect(await deferrals.check(sub, held, { type: "opened", incidentId: "i1" })).toBe("held");
    expect(await deferrals.check(sub, held, { type: "acknowledged", incidentId: "i1" })).toBe("held");
    expect(await tick()).toBe(0);
    now = T0 + 120_000;
    expect(await tick()).toBe(1);
    expect(await entries()).toEqual([
      { target: "deferred:sub1", event: { type: "acknowledged", incidentId: "i1" } },
    ]);
    // Released: the event put back, and a recovery of the key, are delivered even if a clock says early.
    now = T0;
    expect(await deferrals.check(sub, held, { type: "acknowledged", incidentId: "i1" })).toBe("deliver");
    expect(await deferrals.check(sub, { ...held, ends: true }, { type: "resolved" })).toBe("deliver");
  });

  it("drops a held event and its ending one, and every redelivery after", async () => {
    now = T0;
    const held = { key: "i2", until: T0 + 120_000 };
    expect(await deferrals.check(sub, held, { type: "opened", incidentId: "i2" })).toBe("held");
    now = T0 + 40_000;
    expect(await deferrals.check(sub, { ...held, ends: true }, { type: "resolved" })).toBe("dropped");
    expect(await deferrals.check(sub, { ...held, ends: true }, { type: "resolved" })).toBe("dropped");
    expect((await store.inspect("deferred:sub1:i2")).last).toBe(HELD_BACK);
    now = T0 + 200_000;
    expect(await tick()).toBe(0);
    expect(await deferrals.check(sub, held, { type: "acknowledged", incidentId: "i2" })).toBe("dropped");
    expect((await entries()).filter((e) => JSON.stringify(e).includes("i2"))).toEqual([]);
  });
});
