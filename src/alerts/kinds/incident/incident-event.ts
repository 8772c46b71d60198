import { z } from "zod";
import { jsonIssueText, parseJson } from "../../../lib/parse-json";
import { alertIncidentSchema, alertMonitorSchema } from "../../../store/alert-message-store";
import type { AlertEvent, IncidentStage, OutboxEvent } from "../../model";
import { type DigestEvent, digestEventSchema } from "../digest/digest-event";
import { type EscalationEvent, escalationEventSchema } from "../escalation/escalation-event";
import { type MaintenanceEvent, maintenanceEventSchema } from "../maintenance/maintenance-event";
import { type RedrawEvent, redrawEventSchema } from "../redraw/redraw-event";
import { type SlowEvent, slowEventSchema } from "../slow/slow-event";

/** An outbox entry whose event does not have the shape this version reads. */
export class OutboxEventError extends Error {
  override name = "OutboxEventError";
}

// The stored view's shapes, with the outbox's own rule that ids are never empty.
const incidentSchema = alertIncidentSchema.extend({ id: z.string().min(1), monitorId: z.string().min(1) });
const monitorSchema = alertMonitorSchema.extend({ id: z.string().min(1) });

const outboxEventSchema = z.object({
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

/** The event of an outbox entry, or an OutboxEventError naming what is wrong. */
export function decodeOutboxEvent(raw: string | undefined): OutboxEvent {
  if (raw === undefined) throw new OutboxEventError("outbox entry has no event field");
  return parseJson(
    raw,
    outboxEventSchema,
    (issue) => new OutboxEventError(jsonIssueText("outbox event", issue)),
  ) as OutboxEvent;
}

/** What an outbox entry carries: an alert event of the poller, or a schedule's (docs/architecture.md section 5). */
export type DeliverableEvent =
  | OutboxEvent
  | DigestEvent
  | EscalationEvent
  | RedrawEvent
  | SlowEvent
  | MaintenanceEvent;

/** The event of any outbox entry, by its `type`; an OutboxEventError names what is wrong. */
export function decodeDeliverableEvent(raw: string | undefined): DeliverableEvent {
  // A substring test instead of a second JSON.parse on the alerts' hot path: inside a JSON string value a
  // quote is always escaped, so only the event's own `type` member can read `"type":"digest"`.
  if (raw?.includes('"type":"digest"')) {
    return parseJson(
      raw,
      digestEventSchema,
      (issue) => new OutboxEventError(jsonIssueText("digest event", issue)),
    ) as DigestEvent;
  }
  if (raw?.includes('"type":"escalation"')) {
    return parseJson(
      raw,
      escalationEventSchema,
      (issue) => new OutboxEventError(jsonIssueText("escalation event", issue)),
    );
  }
  if (raw?.includes('"type":"redraw"')) {
    return parseJson(
      raw,
      redrawEventSchema,
      (issue) => new OutboxEventError(jsonIssueText("redraw event", issue)),
    );
  }
  if (raw?.includes('"type":"slow"')) {
    return parseJson(
      raw,
      slowEventSchema,
      (issue) => new OutboxEventError(jsonIssueText("slow event", issue)),
    ) as SlowEvent;
  }
  if (raw?.includes('"type":"maintenance"')) {
    return parseJson(
      raw,
      maintenanceEventSchema,
      (issue) => new OutboxEventError(jsonIssueText("maintenance event", issue)),
    );
  }
  return decodeOutboxEvent(raw);
}

/** The stage a message shows once an event of this type was applied. */
export function stageOfEvent(type: AlertEvent["type"]): IncidentStage {
  return type === "opened" ? "open" : type;
}
