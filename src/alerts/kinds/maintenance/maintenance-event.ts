import { z } from "zod";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";

/**
 * What a quiet window's schedule stores: one schedule per window that fires twice, at its start
 * and at its end (periods "start" and "end"), through the channel's subscription that planned it.
 */
export interface MaintenanceSpec {
  kind: "maintenance";
  subscriptionId: string;
  windowId: string;
  startAt: number;
  endAt: number;
}

export type MaintenancePhase = "start" | "end";

/** The outbox event of a window's start or end. */
export interface MaintenanceEvent {
  type: "maintenance";
  subscriptionId: string;
  windowId: string;
  phase: MaintenancePhase;
}

export function maintenanceScheduleId(subscriptionId: string, windowId: string): string {
  return `${scheduleTarget("maintenance", subscriptionId)}:${windowId}`;
}

/**
 * Which note a firing is for: the start while the schedule is due before the window's end (it is moved
 * to the end once the start fired), else the end. A window whose start and end both passed while no
 * replica ran fires its start first, then its end at the next pass: a restart skips neither note.
 */
export function maintenancePhase(spec: MaintenanceSpec, dueAt: number): MaintenancePhase {
  return dueAt < spec.endAt ? "start" : "end";
}

export const maintenanceSpecSchema = z.object({
  kind: z.literal("maintenance"),
  subscriptionId: z.string().min(1),
  windowId: z.string().min(1),
  startAt: z.number(),
  endAt: z.number(),
});

export const maintenanceEventSchema = z.object({
  type: z.literal("maintenance"),
  subscriptionId: z.string().min(1),
  windowId: z.string().min(1),
  phase: z.enum(["start", "end"]),
});
