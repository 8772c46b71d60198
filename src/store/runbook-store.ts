import { z } from "zod";
import { RUNBOOKS_MAX, type Runbook, type RunbookTarget } from "../domain/runbooks";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";

const runbookSchema = z.object({
  url: z.string().startsWith("https://").max(3000),
  label: z.string().max(200).optional(),
});

/** What an add answers: kept, or already full (nothing written). */
export type AddRunbookOutcome =
  | { kind: "added"; runbooks: Runbook[] }
  | { kind: "full"; runbooks: Runbook[] };

/**
 * The runbook links of a monitor or group of an API team: one Redis list per target, in the order added.
 * Not per Slack workspace: a runbook belongs to the monitor, wherever its alerts go.
 */
export class RunbookStore {
  constructor(private readonly d: { redis: RedisClient; keys: Keyspace }) {}

  async list(apiTeamId: string, target: RunbookTarget): Promise<Runbook[]> {
    return decode(await this.d.redis.lrange(this.key(apiTeamId, target), 0, -1));
  }

  /** A monitor's runbooks and its group's, read in one round trip for an alert. */
  async forMonitor(apiTeamId: string, monitorId: string, group: string | null | undefined) {
    const [monitor, ofGroup] = await Promise.all([
      this.list(apiTeamId, { kind: "monitor", monitorId }),
      group ? this.list(apiTeamId, { kind: "group", group }) : Promise.resolve([]),
    ]);
    return { monitor, group: ofGroup };
  }

  /** Appends, unless the target already has RUNBOOKS_MAX (pushed first, taken back when over: no race adds a 4th). */
  async add(apiTeamId: string, target: RunbookTarget, runbook: Runbook): Promise<AddRunbookOutcome> {
    const key = this.key(apiTeamId, target);
    const length = await this.d.redis.rpush(key, JSON.stringify(runbook));
    if (length > RUNBOOKS_MAX) {
      await this.d.redis.rpop(key);
      return { kind: "full", runbooks: await this.list(apiTeamId, target) };
    }
    return { kind: "added", runbooks: await this.list(apiTeamId, target) };
  }

  /** Removes the n-th (1-based) as listed; null when there is none. */
  async remove(apiTeamId: string, target: RunbookTarget, n: number): Promise<Runbook | null> {
    const key = this.key(apiTeamId, target);
    const raw = await this.d.redis.lindex(key, n - 1);
    if (raw === null) return null;
    // LREM by value: a concurrent removal of the same link removes it once.
    const removed = await this.d.redis.lrem(key, 1, raw);
    return removed === 1 ? (decode([raw])[0] ?? null) : null;
  }

  private key(apiTeamId: string, target: RunbookTarget): string {
    const name = target.kind === "monitor" ? `m:${target.monitorId}` : `g:${target.group.toLowerCase()}`;
    return this.d.keys.runbooks(apiTeamId, name);
  }
}

function decode(raws: readonly string[]): Runbook[] {
  const out: Runbook[] = [];
  for (const raw of raws) {
    try {
      const parsed = runbookSchema.safeParse(JSON.parse(raw));
      if (parsed.success) out.push(parsed.data);
    } catch {
      // An unreadable entry is skipped: a button less, never a failed alert.
    }
  }
  return out;
}
