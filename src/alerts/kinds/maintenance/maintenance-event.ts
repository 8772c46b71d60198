import { z } from "zod";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";

/** One schedule per window, firing at its start and at its end. */
export interface MaintenanceSpec {
  kind: "maintenance";
  subscriptionId: string;
  windowId: string;
  startAt: number;
  endAt: number;
}

export type MaintenancePhase = "start" | "end";

export interface MaintenanceEvent {
  type: "maintenance";
  subscriptionId: string;
  windowId: string;
  phase: MaintenancePhase;
}

export function maintenanceScheduleId(subscriptionId: string, windowId: string): string {
  return `${scheduleTarget("maintenance", subscriptionId)}:${windowId}`;
}

/** A window that passed while no replica ran fires its start, then its end: a restart skips neither. */
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
