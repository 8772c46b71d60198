import { describe, expect, it } from "vitest";
import { createPrometheusMetrics, outboxSampler } from "../../../src/alerts/prometheus-metrics";
import { deadLettersOf, keyspace } from "../../../src/store/keys";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { metricTotal } from "../../support/bot-process";
import { testRedis } from "../../support/redis";

describe("outbox sampler", () => {
  it("counts entries, pending and unacknowledged ones over every shard's stream", async () => {
    const { redis, prefix } = testRedis();
    const keys = keyspace(prefix);
    const streams = [0, 1, 2].map((shard) => keys.alertOutbox(shard));
    const sample = outboxSampler(redis, streams, "alert-delivery");
    // Streams that do not exist yet count nothing.
    expect(await sample()).toEqual({ length: 0, pending: 0, lag: 0, deadLetters: 0 });

    for (let i = 0; i < 5; i++) await redis.xadd(streams[0]!, "*", "event", `{"n":${i}}`);
    for (let i = 0; i < 2; i++) await redis.xadd(streams[1]!, "*", "event", `{"n":${i}}`);
    await redis.xgroup("CREATE", streams[0]!, "alert-delivery", "0");
    // Read 3 of stream 0 and acknowledge 1: 2 pending, 2 never read. Stream 1 has no group: all lag.
    const read = (await redis.xreadgroup(
      "GROUP",
      "alert-delivery",
      "c1",
      "COUNT",
      3,
      "STREAMS",
      streams[0]!,
      ">",
    )) as [string, [string, string[]][]][];
    const firstId = read[0]![1][0]![0];
    await redis.xack(streams[0]!, "alert-delivery", firstId);
    expect(await sample()).toEqual({ length: 7, pending: 2, lag: 2 + 2 + 2, deadLetters: 0 });
    await redis.xadd(deadLettersOf(streams[2]!), "*", "outboxId", "1-0", "reason", "unreadable: test");
    expect((await sample()).deadLetters).toBe(1);
  });
});

describe("poll lag gauge", () => {
  it("is how far the most overdue target of any shard is past its due time, 0 with none overdue", async () => {
    const { redis, prefix } = testRedis();
    const scheduler = new PollTargetStore({ redis, keys: keyspace(prefix) });
    const metrics = createPrometheusMetrics({
      processMetrics: false,
      sampleEarliestDue: () => scheduler.earliestDue(),
    });
    const lag = async () =>
      metricTotal((await metrics.renderMetrics()).body, "uptime_chatops_poll_lag_seconds");
    expect(await scheduler.earliestDue()).toBeNull();
    expect(await lag()).toBe(0);
    // Targets in several shards: one due in a minute, one 30 s overdue.
    await scheduler.add("team:1:soon", { subscriber: "s1", group: "g1" }, Date.now() + 60_000);
    expect(await lag()).toBe(0);
    await scheduler.add("team:2:late", { subscriber: "s2", group: "g2" }, Date.now() - 30_000);
    const seconds = await lag();
    expect(seconds).toBeGreaterThanOrEqual(30);
    expect(seconds).toBeLessThan(60);
  });
});
