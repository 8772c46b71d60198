import { z } from "zod";
import { alertIncidentSchema, alertMonitorSchema } from "../../../store/alert-message-store";
import type { AlertEvent, IncidentStage } from "../../model";

// The stored view's shapes, with the outbox's own rule that ids are never empty.
const incidentSchema = alertIncidentSchema.extend({ id: z.string().min(1), monitorId: z.string().min(1) });
const monitorSchema = alertMonitorSchema.extend({ id: z.string().min(1) });

export const outboxEventSchema = z.object({
  type: z.enum(["opened", "acknowledged", "resolved"]),
  incidentId: z.string().min(1),
  monitorId: z.string().min(1),
  at: z.string(),
  incident: incidentSchema,
  apiTeamId: z.string().min(1),
  monitor: monitorSchema.nullable(),
  failingLocations: z.array(z.string()).default([]),
  teamMonitorCount: z.number().int().nonnegative().optional(),
  teamName: z.string().max(500).optional(),
});

export function stageOfEvent(type: AlertEvent["type"]): IncidentStage {
  return type === "opened" ? "open" : type;
}
