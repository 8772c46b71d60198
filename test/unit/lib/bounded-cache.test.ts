import { describe, expect, it } from "vitest";
import { BoundedCache } from "../../../src/lib/bounded-cache";
import { fixedClock } from "../../../src/lib/clock";

describe("BoundedCache", () => {
  it("holds at most maxEntries: the oldest insertion goes first, a set moves its key to the end", () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2, ttlMs: 60_000, clock: fixedClock(0) });
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 3);
    cache.set("c", 4);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(3);
    expect(cache.get("c")).toBe(4);
  });

  it("forgets an entry ttlMs after it was set", () => {
    const clock = fixedClock(0);
    const cache = new BoundedCache<string, string | null>({ maxEntries: 10, ttlMs: 1000, clock });
    cache.set("u", null);
    clock.advance(999);
    expect(cache.get("u")).toBeNull();
    clock.advance(1);
    expect(cache.get("u")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("drops the expired entries nobody asks for again at the next set", () => {
    const clock = fixedClock(0);
    const cache = new BoundedCache<number, number>({ maxEntries: 1000, ttlMs: 1000, clock });
    for (let i = 0; i < 100; i++) cache.set(i, i);
    clock.advance(500);
    cache.set(100, 100);
    clock.advance(500);
    cache.set(101, 101);
    expect(cache.size).toBe(2);
    expect(cache.get(100)).toBe(100);
  });
});
