import { describe, expect, it } from "vitest";
import { outboxSampler } from "../../../src/alerts/prometheus-metrics";
import { deadLettersOf, keyspace } from "../../../src/store/keys";
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
