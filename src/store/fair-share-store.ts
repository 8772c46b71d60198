import type { Keyspace } from "./keys";
import type { BucketSpec, TokenBuckets } from "./token-buckets";
import { type UserRef, workspaceKey } from "./workspace";

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

/**
 * A fair share per Slack user (docs/architecture.md section 10): one token bucket for commands and one for
 * charts, in Redis so that every replica counts the same. A refusal says how long until the next one.
 */
export class FairShareStore {
  private readonly specs: Record<FairShareKind, BucketSpec>;

  constructor(
    private readonly deps: { buckets: TokenBuckets; keys: Keyspace; limits?: Partial<FairShareLimits> },
  ) {
    const l = { ...DEFAULT_FAIR_SHARE, ...deps.limits };
    this.specs = {
      command: { capacity: l.commandBurst, perSecond: l.commandsPerMinute / 60 },
      chart: { capacity: l.chartBurst, perSecond: l.chartsPerMinute / 60 },
    };
  }

  async take(ref: UserRef, kind: FairShareKind): Promise<FairShareTake> {
    const key = this.deps.keys.fairShare(workspaceKey(ref), ref.userId, kind);
    const took = await this.deps.buckets.take(key, this.specs[kind]);
    return took.taken ? { ok: true } : { ok: false, waitMs: took.waitMs };
  }
}
