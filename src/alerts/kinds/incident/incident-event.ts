import { z } from "zod";
import { jsonIssueText, parseJson } from "../../../lib/parse-json";
import {
  alertIncidentSchema,
  alertMonitorSchema,
  type StoredAlertView,
} from "../../../store/alert-message-store";
import { OutboxEventError } from "../../engine/outbox-codec";
import type { AlertEvent, IncidentStage, OutboxEvent } from "../../model";

// The stored view's shapes, with the outbox's own rule that ids are never empty.
const incidentSchema = alertIncidentSchema.extend({ id: z.string().min(1), monitorId: z.string().min(1) });
const monitorSchema = alertMonitorSchema.extend({ id: z.string().min(1) });

/** An incident event as the poll commits it (opened, acknowledged, resolved). */
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

/** The event of an outbox entry, or an OutboxEventError naming what is wrong. */
export function decodeOutboxEvent(raw: string | undefined): OutboxEvent {
  if (raw === undefined) throw new OutboxEventError("outbox entry has no event field");
  return parseJson(
    raw,
    outboxEventSchema,
    (issue) => new OutboxEventError(jsonIssueText("outbox event", issue)),
  ) as OutboxEvent;
}

/** The stage a message shows once an event of this type was applied. */
export function stageOfEvent(type: AlertEvent["type"]): IncidentStage {
  return type === "opened" ? "open" : type;
}

/** The view a message is drawn from: the event's, keeping what an older view knew that this one lacks. */
export function viewOf(event: OutboxEvent, previous: StoredAlertView | null): StoredAlertView {
  const incident = { ...event.incident };
  if (previous) {
    incident.ended ??= previous.incident.ended;
    incident.acknowledged ??= previous.incident.acknowledged;
  }
  const teamMonitorCount = event.teamMonitorCount ?? previous?.teamMonitorCount;
  const teamName = event.teamName ?? previous?.teamName;
  return {
    apiTeamId: event.apiTeamId,
    incident,
    monitor: event.monitor ?? previous?.monitor ?? null,
    failingLocations:
      event.failingLocations.length > 0 || !previous ? event.failingLocations : previous.failingLocations,
    ...(teamMonitorCount !== undefined ? { teamMonitorCount } : {}),
    ...(teamName !== undefined ? { teamName } : {}),
  };
}

/** When the incident started (ms), or `fallback` when the API's timestamp does not parse. */
export function startedMs(view: StoredAlertView, fallback: number): number {
  const started = Date.parse(view.incident.started);
  return Number.isFinite(started) ? started : fallback;
}
