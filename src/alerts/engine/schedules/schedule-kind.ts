import type { z } from "zod";
import type { FireInput, ScheduleSpec } from "./schedule-store";

/** What one firing writes: once per `period` across replicas, then due again at `nextDueAt` (0: done). */
export interface Firing extends FireInput {
  note?: Record<string, unknown>;
}

/** `fire` is pure and may throw for a spec that can never fire. */
export interface ScheduleKind<S extends ScheduleSpec = ScheduleSpec> {
  readonly kind: S["kind"];
  readonly spec: z.ZodType<S>;
  fire(spec: S, due: { dueAt: number; now: number }): Firing;
}

/** A one-shot (an escalation step): one period, ever. */
export function fireOnce(target: string, event: unknown): Firing {
  return { period: "once", nextDueAt: 0, target, event: JSON.stringify(event) };
}
