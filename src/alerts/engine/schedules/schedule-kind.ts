import type { z } from "zod";
import type { FireInput, ScheduleSpec } from "./schedule-store";

/** What one firing writes: once per `period` across replicas, then due again at `nextDueAt` (0: done). */
export interface Firing extends FireInput {
  /** Said in the log line of a firing that wrote its entry. */
  note?: Record<string, unknown>;
}

/**
 * A kind of schedule, declared where its kind lives: the spec it books and what a firing writes. The worker
 * fires every declared kind the same way, so a new kind (a reminder, a rota handover) is this object and a
 * line in the table (schedule-kinds.ts), no engine code. `fire` is pure and may throw for a spec that can
 * never fire (removed, said once).
 */
export interface ScheduleKind<S extends ScheduleSpec = ScheduleSpec> {
  readonly kind: S["kind"];
  readonly spec: z.ZodType<S>;
  fire(spec: S, due: { dueAt: number; now: number }): Firing;
}

/** A one-shot (an escalation step, a reminder): one period, ever. */
export function fireOnce(target: string, event: unknown): Firing {
  return { period: "once", nextDueAt: 0, target, event: JSON.stringify(event) };
}
