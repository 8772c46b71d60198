import { z } from "zod";
import { jsonIssueText, parseJson } from "../../../lib/parse-json";
import { alertIncidentSchema, alertMonitorSchema } from "../../../store/alert-message-store";
import { OutboxEventError } from "../../engine/alert-kind";
import type { AlertEvent, IncidentStage, OutboxEvent } from "../../model";

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

export function encodeOutboxEvent(event: OutboxEvent): string {
  return JSON.stringify(event);
}

export function decodeOutboxEvent(raw: string | undefined): OutboxEvent {
  if (raw === undefined) throw new OutboxEventError("outbox entry has no event field");
  return parseJson(
    raw,
    outboxEventSchema,
    (issue) => new OutboxEventError(jsonIssueText("outbox event", issue)),
  ) as OutboxEvent;
}

export function stageOfEvent(type: AlertEvent["type"]): IncidentStage {
  return type === "opened" ? "open" : type;
}
