import { z } from "zod";
import { ESCALATE_MAX_STEPS } from "../../../domain/alert-rule-bounds";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";

/** `step` absent in records from before steps. */
export interface EscalationSpec {
  kind: "escalation";
  subscriptionId: string;
  incidentId: string;
  afterMinutes: number;
  step?: number;
  /** The steps run again after an acknowledgement expired (`--ack-timeout`): allowed while acknowledged. */
  again?: boolean;
}

export interface EscalationEvent {
  type: "escalation";
  subscriptionId: string;
  incidentId: string;
  afterMinutes: number;
  step?: number;
  again?: boolean;
}

/** The first step keeps its pre-steps id, so older schedules are still found and cancelled. */
export function escalationScheduleId(
  subscriptionId: string,
  incidentId: string,
  step = 0,
  again = false,
): string {
  const base = `${scheduleTarget("escalation", subscriptionId)}:${incidentId}`;
  if (again) return `${base}:again:${step}`;
  return step === 0 ? base : `${base}:${step}`;
}

/** Every step's schedule id, whatever the subscription's steps are now (a re-subscribe may have cut them). */
export function allEscalationScheduleIds(subscriptionId: string, incidentId: string): string[] {
  return Array.from({ length: ESCALATE_MAX_STEPS }, (_, step) => [
    escalationScheduleId(subscriptionId, incidentId, step),
    escalationScheduleId(subscriptionId, incidentId, step, true),
  ]).flat();
}

const step = z
  .number()
  .int()
  .min(0)
  .max(ESCALATE_MAX_STEPS - 1)
  .optional();

const fields = {
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  afterMinutes: z.number().int().positive(),
  step,
  again: z.boolean().optional(),
};

export const escalationSpecSchema = z.object({ kind: z.literal("escalation"), ...fields });

export const escalationEventSchema = z.object({ type: z.literal("escalation"), ...fields });
