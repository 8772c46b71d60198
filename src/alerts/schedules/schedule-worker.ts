import { z } from "zod";
import { sleep } from "../../lib/backoff";
import { type Clock, systemClock } from "../../lib/clock";
import { type Logger, silentLogger } from "../../lib/logger";
import { parseJson } from "../../lib/parse-json";
import { isTimeZone } from "../../lib/time-zone";
import type { DueSchedule, ScheduleStore } from "../../store/schedule-store";
import { digestPeriod, latestOccurrence, nextOccurrence } from "../kinds/digest/digest-calendar";
import { type DigestEvent, digestScheduleId, digestSpecSchema } from "../kinds/digest/digest-event";
import { type EscalationEvent, escalationSpecSchema } from "../kinds/escalation/escalation-event";
import {
  type MaintenanceEvent,
  maintenancePhase,
  maintenanceSpecSchema,
} from "../kinds/maintenance/maintenance-event";
import { scheduleTarget } from "../outbox/schedule-targets";

const specSchema = z.discriminatedUnion("kind", [
  digestSpecSchema,
  escalationSpecSchema,
  maintenanceSpecSchema,
]);

export interface ScheduleWorkerOptions {
  store: ScheduleStore;
  clock?: Clock;
  logger?: Logger;
  /** How often each replica looks for due schedules (ms); a digest is at most this late. */
  tickMs?: number;
  /** Due schedules fired per shard and tick. */
  batchSize?: number;
}

/**
 * Fires due schedules (docs/architecture.md section 5 "Schedules": digests, escalations) on every replica that runs
 * alert workers. Each firing computes the period and the next due time here, in TypeScript (time zones,
 * DST), and the store's script writes the outbox entry at most once per period whichever replica gets there
 * first; the delivery workers post it. A missed digest (every replica was down) fires once when one comes
 * back, for the latest period, not once per missed day. An escalation is a one-shot: one period, ever.
 */
export class ScheduleWorker {
  private readonly store: ScheduleStore;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly tickMs: number;
  private readonly batchSize: number;
  private abort = new AbortController();
  private running$: Promise<void> | null = null;

  constructor(options: ScheduleWorkerOptions) {
    this.store = options.store;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.tickMs = Math.max(10, options.tickMs ?? 1000);
    this.batchSize = Math.max(1, options.batchSize ?? 50);
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

  /** One pass over every shard; the number of outbox entries written. */
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
      await this.store.remove(schedule.id);
      return false;
    }
    let spec: z.infer<typeof specSchema>;
    try {
      spec = parseJson(schedule.spec, specSchema, (issue) => new Error(issue ?? "not JSON"));
      if (spec.kind === "digest" && !isTimeZone(spec.timeZone))
        throw new Error(`unknown time zone ${spec.timeZone}`);
    } catch (error) {
      // Nothing could ever fire it: removed, said once.
      this.logger.error({ err: error, schedule: schedule.id }, "unreadable schedule removed");
      await this.store.remove(schedule.id);
      return false;
    }
    if (spec.kind === "escalation") {
      const event: EscalationEvent = {
        type: "escalation",
        subscriptionId: spec.subscriptionId,
        incidentId: spec.incidentId,
        afterMinutes: spec.afterMinutes,
        ...(spec.step ? { step: spec.step } : {}),
      };
      // One-shot: fires once ever (nextDueAt 0), whichever replica gets there first.
      const fired = await this.store.fire(schedule, {
        period: "once",
        nextDueAt: 0,
        target: scheduleTarget("escalation", spec.subscriptionId),
        event: JSON.stringify(event),
      });
      if (fired) this.logger.info({ schedule: schedule.id }, "escalation due");
      return fired;
    }
    if (spec.kind === "maintenance") {
      const phase = maintenancePhase(spec, schedule.dueAt);
      const event: MaintenanceEvent = {
        type: "maintenance",
        subscriptionId: spec.subscriptionId,
        windowId: spec.windowId,
        phase,
      };
      // Two periods, start then end: each fires once whichever replica gets there first.
      const fired = await this.store.fire(schedule, {
        period: phase,
        nextDueAt: phase === "start" ? spec.endAt : 0,
        target: scheduleTarget("maintenance", spec.subscriptionId),
        event: JSON.stringify(event),
      });
      if (fired) this.logger.info({ schedule: schedule.id, phase }, "maintenance window note due");
      return fired;
    }
    const occurrence = latestOccurrence(spec.cadence, spec.timeZone, now);
    const period = digestPeriod(spec.cadence, spec.timeZone, occurrence);
    const event: DigestEvent = {
      type: "digest",
      subscriptionId: spec.subscriptionId,
      cadence: spec.cadence,
      timeZone: spec.timeZone,
      period,
    };
    const fired = await this.store.fire(schedule, {
      period: period.key,
      nextDueAt: nextOccurrence(spec.cadence, spec.timeZone, now),
      target: digestScheduleId(spec.subscriptionId),
      event: JSON.stringify(event),
    });
    if (fired) this.logger.info({ schedule: schedule.id, period: period.key }, "digest due");
    return fired;
  }
}
