import type { UserRef } from "../domain/workspace-ref";
import { setBounded } from "../lib/set-bounded";
import type { Keyspace } from "./keys";
import type { BucketSpec, TokenBuckets } from "./token-buckets";
import { workspaceKey } from "./workspace";

/** What a person spends: a command (any `/uptime`, a Share click) or a chart (a picture drawn for them). */
export type FairShareKind = "command" | "chart";

/** Each kind's rate and burst (FAIR_SHARE_* settings, docs/configuration.md). */
export interface FairShareLimits {
  commandsPerMinute: number;
  commandBurst: number;
  chartsPerMinute: number;
  chartBurst: number;
}

/** Generous for a person, tight for a loop: 30 commands a minute (30 at once), 10 charts (10 at once). */
export const DEFAULT_FAIR_SHARE: FairShareLimits = {
  commandsPerMinute: 30,
  commandBurst: 30,
  chartsPerMinute: 10,
  chartBurst: 10,
};

/** Taken, or not before `waitMs`. */
export type FairShareTake = { ok: true } | { ok: false; waitMs: number };

/** Refusals remembered at most (people past a share at once in one process); the oldest go first. */
const REMEMBERED_REFUSALS = 10_000;

/**
 * A fair share per Slack user: one token bucket for commands and one for
 * charts, in Redis so that every replica counts the same. A refusal says how long until the next one.
 *
 * A refusal is also remembered in this process until that moment: a burst past its share (charts
 * asked as fast as Slack sends them) is then refused without a Redis call each, and `refusal()` can say so
 * before the command is acknowledged, in the acknowledgement itself. Nothing is lost by it: a refused
 * take spends nothing, and the bucket cannot hold a token before the wait Redis gave has passed. Another
 * replica asks Redis and learns the same.
 */
export class FairShareStore {
  private readonly specs: Record<FairShareKind, BucketSpec>;
  /** Key of a person's share -> the local time (ms) before which Redis would refuse it. */
  private readonly refusedUntil = new Map<string, number>();
  private readonly now: () => number;

  constructor(
    private readonly deps: {
      buckets: TokenBuckets;
      keys: Keyspace;
      limits?: Partial<FairShareLimits>;
      now?: () => number;
    },
  ) {
    this.now = deps.now ?? Date.now;
    const l = { ...DEFAULT_FAIR_SHARE, ...deps.limits };
    this.specs = {
      command: { capacity: l.commandBurst, perSecond: l.commandsPerMinute / 60 },
      chart: { capacity: l.chartBurst, perSecond: l.chartsPerMinute / 60 },
    };
  }

  async take(ref: UserRef, kind: FairShareKind): Promise<FairShareTake> {
    const key = this.key(ref, kind);
    const known = this.remembered(key);
    if (known) return known;
    // Counted from before the call: the refusal is kept no longer than Redis's own wait.
    const asked = this.now();
    const took = await this.deps.buckets.take(key, this.specs[kind]);
    if (took.taken) return { ok: true };
    this.remember(key, asked + took.waitMs);
    return { ok: false, waitMs: took.waitMs };
  }

  /** A refusal this process already knows of (no Redis call), or undefined: only take() can say yes. */
  refusal(ref: UserRef, kind: FairShareKind): { ok: false; waitMs: number } | undefined {
    return this.remembered(this.key(ref, kind));
  }

  private key(ref: UserRef, kind: FairShareKind): string {
    return this.deps.keys.fairShare(workspaceKey(ref), ref.userId, kind);
  }

  private remembered(key: string): { ok: false; waitMs: number } | undefined {
    const until = this.refusedUntil.get(key);
    if (until === undefined) return undefined;
    const waitMs = until - this.now();
    if (waitMs > 0) return { ok: false, waitMs };
    this.refusedUntil.delete(key);
    return undefined;
  }

  private remember(key: string, until: number): void {
    const now = this.now();
    if (until <= now) return;
    // Full: the refusals already over go first; still full, setBounded forgets the oldest (its next take asks
    // Redis, which still refuses).
    if (this.refusedUntil.size >= REMEMBERED_REFUSALS) {
      for (const [k, end] of this.refusedUntil) if (end <= now) this.refusedUntil.delete(k);
    }
    this.refusedUntil.delete(key);
    setBounded(this.refusedUntil, key, until, REMEMBERED_REFUSALS);
  }
}
