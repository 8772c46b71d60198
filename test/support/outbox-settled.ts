import type { Redis } from "ioredis";
import { DEFAULT_CONSUMER_GROUP } from "../../src/store/outbox-store";
import type { PollTargetStore } from "../../src/store/poll-target-store";

/** Every outbox entry written so far was read and acknowledged by a delivery worker, on every shard. */
export async function outboxSettled(
  client: Redis,
  scheduler: Pick<PollTargetStore, "shards" | "outboxKey">,
): Promise<boolean> {
  for (let shard = 0; shard < scheduler.shards; shard++) {
    const stream = scheduler.outboxKey(shard);
    if ((await client.exists(stream)) === 0) continue;
    const [lastId, groups] = await Promise.all([
      client.xinfo("STREAM", stream).then((info) => {
        const flat = info as unknown[];
        return String(flat[flat.indexOf("last-generated-id") + 1]);
      }),
      client.xinfo("GROUPS", stream) as Promise<unknown[][]>,
    ]);
    const group = groups
      .map((g) =>
        Object.fromEntries(Array.from({ length: g.length / 2 }, (_, i) => [g[2 * i], g[2 * i + 1]])),
      )
      .find((g) => g.name === DEFAULT_CONSUMER_GROUP);
    if (group?.pending !== 0 || group["last-delivered-id"] !== lastId) return false;
  }
  return true;
}
