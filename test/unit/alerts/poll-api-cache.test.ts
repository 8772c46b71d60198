import { describe, expect, it } from "vitest";
import { PollApiCache } from "../../../src/alerts/engine/poll/poll-api-cache";
import type { PollTargetMeta } from "../../../src/alerts/engine/poll/poll-target";
import { fixedClock } from "../../../src/lib/clock";
import type { UptimeApi } from "../../../src/uptime";

const META: PollTargetMeta = { v: 1, apiTeamId: "1", tokenRef: { teamId: "T1", userId: "U1" } };

function setup(tokens: (string | null)[], options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = fixedClock(0);
  const resolved: string[] = [];
  const made: string[] = [];
  const cache = new PollApiCache({
    client: {
      as: (token: string) => {
        made.push(token);
        return { token } as unknown as UptimeApi;
      },
    },
    resolveToken: async () => {
      const token = tokens.shift() ?? null;
      resolved.push(String(token));
      return token;
    },
    clock,
    ...options,
  });
  return { cache, clock, resolved, made };
}

describe("PollApiCache", () => {
  it("resolves a target's token once per TTL, so that a quiet poll reads no link", async () => {
    const { cache, clock, resolved } = setup(["a", "b"], { ttlMs: 1_000 });
    const first = await cache.get("team:1:x", META);
    expect(await cache.get("team:1:x", META)).toBe(first);
    clock.advance(1_000);
    expect(await cache.get("team:1:x", META)).not.toBe(first);
    expect(resolved).toEqual(["a", "b"]);
  });

  it("forgets a target on invalidate (after a 401) and when its link is gone", async () => {
    const { cache, resolved } = setup(["a", null, "c"]);
    await cache.get("team:1:x", META);
    cache.invalidate("team:1:x");
    expect(await cache.get("team:1:x", META)).toBeNull();
    expect(cache.size).toBe(0);
    expect(await cache.get("team:1:x", META)).not.toBeNull();
    expect(resolved).toEqual(["a", "null", "c"]);
  });

  it("evicts the oldest entry beyond its size", async () => {
    const { cache, made } = setup(["a", "b", "c", "d"], { maxEntries: 2 });
    await cache.get("t1", META);
    await cache.get("t2", META);
    await cache.get("t3", META);
    expect(cache.size).toBe(2);
    await cache.get("t2", META); // still cached
    await cache.get("t1", META); // evicted: resolved again
    expect(made).toEqual(["a", "b", "c", "d"]);
  });

  it("peeks at a live entry without resolving, and drops expired tokens as the clock passes them", async () => {
    const { cache, clock, resolved } = setup(["a", "b", "c"], { ttlMs: 1_000 });
    expect(cache.peek("t1")).toBeUndefined();
    const first = await cache.get("t1", META);
    expect(cache.peek("t1")).toBe(first);
    clock.advance(500);
    await cache.get("t2", META);
    clock.advance(500);
    expect(cache.peek("t1")).toBeUndefined();
    // t1 expired: the next resolve drops it (and its token) even though t1 is never polled again.
    await cache.get("t3", META);
    expect(cache.size).toBe(2);
    expect(resolved).toEqual(["a", "b", "c"]);
  });
});
