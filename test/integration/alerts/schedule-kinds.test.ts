// The one schedule API on a real Redis, with a kind the engine does not know by name (a reminder declared
// here): booked, fired once across racing replicas, cancelled before it is due, and a spec of an undeclared
// kind removed rather than retried forever.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fireOnce, type ScheduleKind } from "../../../src/alerts/engine/schedules/schedule-kind";
import { ScheduleStore } from "../../../src/alerts/engine/schedules/schedule-store";
import { ScheduleWorker } from "../../../src/alerts/engine/schedules/schedule-worker";
import { keyspace } from "../../../src/store/keys";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
const keys = keyspace(prefix);
const T0 = Date.parse("2026-12-01T09:00:00Z");
let now = T0;
const clock = { now: () => now };

interface ReminderSpec {
  kind: "reminder";
  subscriptionId: string;
  text: string;
}
const reminder: ScheduleKind<ReminderSpec> = {
  kind: "reminder",
  spec: z.object({ kind: z.literal("reminder"), subscriptionId: z.string(), text: z.string() }),
  fire: (spec) => fireOnce(`reminder:${spec.subscriptionId}`, { type: "reminder", text: spec.text }),
};

describe("the schedule API", () => {
  const scheduler = new PollTargetStore({ redis, keys });
  const store = new ScheduleStore({ redis, keys, scheduler });
  const entries = async () => {
    const out: { target: string; event: unknown }[] = [];
    for (let shard = 0; shard < scheduler.shards; shard++) {
      for (const [, f] of await redis.xrange(scheduler.outboxKey(shard), "-", "+")) {
        out.push({ target: f[f.indexOf("target") + 1]!, event: JSON.parse(f[f.indexOf("event") + 1]!) });
      }
    }
    return out;
  };

  it("fires a newly declared kind once across replicas, never a cancelled one, and drops an undeclared kind", async () => {
    now = T0;
    await store.bookOnce(
      "reminder:s1:a",
      { kind: "reminder", subscriptionId: "s1", text: "standup" },
      T0 + 60_000,
    );
    await store.bookOnce(
      "reminder:s1:b",
      { kind: "reminder", subscriptionId: "s1", text: "retro" },
      T0 + 60_000,
    );
    await store.bookOnce("rota:s1", { kind: "rota", subscriptionId: "s1" }, T0);
    await store.cancel("reminder:s1:b");
    const replicas = [1, 2, 3].map(() => new ScheduleWorker({ store, clock, kinds: [reminder] }));

    expect((await Promise.all(replicas.map((r) => r.tick()))).reduce((a, b) => a + b, 0)).toBe(0);
    expect((await store.inspect("rota:s1")).dueAt).toBeNull();

    now = T0 + 60_000;
    expect((await Promise.all(replicas.map((r) => r.tick()))).reduce((a, b) => a + b, 0)).toBe(1);
    // Booked again after it fired (a redelivery): it fires nothing.
    await store.bookOnce("reminder:s1:a", { kind: "reminder", subscriptionId: "s1", text: "standup" }, now);
    expect((await Promise.all(replicas.map((r) => r.tick()))).reduce((a, b) => a + b, 0)).toBe(0);
    expect(await entries()).toEqual([
      { target: "reminder:s1", event: { type: "reminder", text: "standup" } },
    ]);
  });
});
