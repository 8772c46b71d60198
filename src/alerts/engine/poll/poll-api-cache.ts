import type { Clock } from "../../../lib/clock";
import { setBounded } from "../../../lib/set-bounded";
import type { UptimeApi, UptimeClient } from "../../../uptime";
import type { PollTargetMeta } from "./poll-target";

export type ResolveToken = (meta: PollTargetMeta) => Promise<string | null>;

interface Entry {
  api: UptimeApi;
  expiresAt: number;
}

// A quiet poll costs one API call and no token read; the token lives only here, at most `ttlMs`.
export class PollApiCache {
  private readonly entries = new Map<string, Entry>();
  private readonly client: Pick<UptimeClient, "as">;
  private readonly resolveToken: ResolveToken;
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(deps: {
    client: Pick<UptimeClient, "as">;
    resolveToken: ResolveToken;
    clock: Clock;
    ttlMs?: number;
    maxEntries?: number;
  }) {
    this.client = deps.client;
    this.resolveToken = deps.resolveToken;
    this.clock = deps.clock;
    this.ttlMs = deps.ttlMs ?? 60_000;
    this.maxEntries = deps.maxEntries ?? 50_000;
  }

  /** The cached API of a target, without a promise (the quiet-poll path); undefined when get() must resolve. */
  peek(target: string): UptimeApi | undefined {
    const cached = this.entries.get(target);
    return cached && cached.expiresAt > this.clock.now() ? cached.api : undefined;
  }

  async get(target: string, meta: PollTargetMeta): Promise<UptimeApi | null> {
    const now = this.clock.now();
    const cached = this.entries.get(target);
    if (cached && cached.expiresAt > now) return cached.api;
    this.dropExpired(now);
    const token = await this.resolveToken(meta);
    if (token === null || token === "") {
      this.entries.delete(target);
      return null;
    }
    const api = this.client.as(token);
    // Re-insert so that Map order is insertion order: the oldest entry is evicted first.
    this.entries.delete(target);
    setBounded(this.entries, target, { api, expiresAt: now + this.ttlMs }, this.maxEntries);
    return api;
  }

  /** Same TTL for all, in insertion order: the expired ones are the oldest. */
  private dropExpired(now: number): void {
    for (const [target, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.entries.delete(target);
    }
  }

  invalidate(target: string): void {
    this.entries.delete(target);
  }

  get size(): number {
    return this.entries.size;
  }
}
