import { type Clock, systemClock } from "./clock";
import { setBounded } from "./set-bounded";

/**
 * An in-process cache that cannot grow without end: at most `maxEntries` (the oldest insertion goes
 * first) and each entry for `ttlMs` after it was set. Every entry gets the same TTL and a set moves its
 * key to the end, so the expired entries are the oldest ones: a set drops them from the front, and an
 * entry nobody asks for again does not stay.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly clock: Clock;

  constructor(options: { maxEntries: number; ttlMs: number; clock?: Clock }) {
    this.maxEntries = Math.max(1, Math.floor(options.maxEntries));
    this.ttlMs = options.ttlMs;
    this.clock = options.clock ?? systemClock;
  }

  /** How many entries are held, expired ones not dropped yet included (for tests). */
  get size(): number {
    return this.entries.size;
  }

  /** The value set for `key` less than `ttlMs` ago; undefined when there is none. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.clock.now()) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V): void {
    const now = this.clock.now();
    for (const [oldest, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.entries.delete(oldest);
    }
    this.entries.delete(key);
    setBounded(this.entries, key, { value, expiresAt: now + this.ttlMs }, this.maxEntries);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
