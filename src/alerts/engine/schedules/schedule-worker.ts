import { z } from "zod";
import { sleep } from "../../../lib/backoff";
import { type Clock, systemClock } from "../../../lib/clock";
import { type Logger, silentLogger } from "../../../lib/logger";
import { parseJson } from "../../../lib/parse-json";
import type { Firing, ScheduleKind } from "./schedule-kind";
import type { DueSchedule, ScheduleStore } from "./schedule-store";

const kindOnly = z.looseObject({ kind: z.string() });

export interface ScheduleWorkerOptions {
  store: ScheduleStore;
  clock?: Clock;
  logger?: Logger;
  /** How often each replica looks for due schedules (ms); a digest is at most this late. */
  tickMs?: number;
  batchSize?: number;
  /** The kinds it fires; a schedule of any other kind is removed as unreadable. */
  kinds: readonly ScheduleKind[];
}

// Periods and due times are computed here (time zones, DST); the store's script fires once per period.
export class ScheduleWorker {
  private readonly store: ScheduleStore;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly tickMs: number;
  private readonly batchSize: number;
  private readonly kinds: ReadonlyMap<string, ScheduleKind>;
  private abort = new AbortController();
  private running$: Promise<void> | null = null;

  constructor(options: ScheduleWorkerOptions) {
    this.store = options.store;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.tickMs = Math.max(10, options.tickMs ?? 1000);
    this.batchSize = Math.max(1, options.batchSize ?? 50);
    this.kinds = new Map(options.kinds.map((k) => [k.kind, k]));
  }

  start(): void {
    if (this.running$) return;
    this.abort = new AbortController();
    this.running$ = this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running$;
    this.running$ = null;
  }

  async tick(): Promise<number> {
    let fired = 0;
    for (let shard = 0; shard < this.store.shards; shard++) {
      const now = this.clock.now();
      for (const schedule of await this.store.due(shard, now, this.batchSize)) {
        if (await this.fire(schedule, now)) fired++;
      }
    }
    return fired;
  }

  private async run(): Promise<void> {
    while (!this.abort.signal.aborted) {
      try {
        await this.tick();
      } catch (error) {
        this.logger.warn({ err: error }, "schedule pass failed; the next one retries");
      }
      await sleep(this.tickMs, this.abort.signal).catch(() => {});
    }
  }

  private async fire(schedule: DueSchedule, now: number): Promise<boolean> {
    if (schedule.spec === null) {
      // Its record is gone (removed between the two reads): drop the leftover due entry too.
      await this.store.cancel(schedule.id);
      return false;
    }
    let firing: Firing;
    let kind: string;
    try {
      ({ kind } = parseJson(schedule.spec, kindOnly, (issue) => new Error(issue ?? "not JSON")));
      const declared = this.kinds.get(kind);
      if (!declared) throw new Error(`unknown schedule kind ${kind}`);
      const spec = parseJson(schedule.spec, declared.spec, (issue) => new Error(issue ?? "not JSON"));
      firing = declared.fire(spec, { dueAt: schedule.dueAt, now });
    } catch (error) {
      // Nothing could ever fire it: removed, said once.
      this.logger.error({ err: error, schedule: schedule.id }, "unreadable schedule removed");
      await this.store.cancel(schedule.id);
      return false;
    }
    const { note, ...input } = firing;
    const fired = await this.store.fire(schedule, input);
    if (fired)
      this.logger.info({ schedule: schedule.id, kind, period: input.period, ...note }, "schedule fired");
    return fired;
  }
}
