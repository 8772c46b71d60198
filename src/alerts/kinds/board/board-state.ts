import type { KindEvent } from "../../engine/alert-kind";
import { epochOf } from "../../engine/alert-parts";
import type { OutboxEvent } from "../../model";
import type { SlowEvent } from "../slow/slow-event";
import { BOARD_ITEMS_MAX, type BoardEntry } from "./board-event";

/** What a channel's event does to its board: pure, so the same event folded twice changes nothing more. */
export function foldBoard(
  entries: readonly BoardEntry[],
  event: KindEvent,
  group: string | null,
  ackedBy: string | null,
): BoardEntry[] {
  if (isIncidentEvent(event)) return foldIncident(entries, event, group, ackedBy);
  if (isSlowEvent(event)) return foldSlow(entries, event, group);
  if (isAcknowledgeInSlack(event)) return acknowledgeInSlack(entries, event.incidentId, event.ackedBy);
  return [...entries];
}

/** An acknowledge from Slack (another channel's redraw, or a click here): who, before the poll reads it. */
export function acknowledgeInSlack(
  entries: readonly BoardEntry[],
  incidentId: string,
  ackedBy: string,
): BoardEntry[] {
  return entries.map((e) =>
    e.state !== "slow" && e.incidentId === incidentId ? { ...e, state: "acknowledged", ackedBy } : e,
  );
}

function isAcknowledgeInSlack(
  event: KindEvent,
): event is KindEvent & { incidentId: string; ackedBy: string } {
  const { incidentId, ackedBy } = event as { incidentId?: unknown; ackedBy?: unknown };
  return event.type === "redraw" && typeof incidentId === "string" && typeof ackedBy === "string";
}

function inGroup(monitorGroup: string | null | undefined, group: string | null): boolean {
  return group === null || (monitorGroup ?? "").toLowerCase() === group.toLowerCase();
}

function foldIncident(
  entries: readonly BoardEntry[],
  event: OutboxEvent,
  group: string | null,
  ackedBy: string | null,
): BoardEntry[] {
  const others = entries.filter((e) => e.state === "slow" || e.monitorId !== event.monitorId);
  const current = entries.find((e) => e.state !== "slow" && e.monitorId === event.monitorId);
  if (event.type === "resolved") {
    // A stale recovery of an older incident leaves the newer outage shown.
    return current?.incidentId && current.incidentId !== event.incidentId ? [...entries] : others;
  }
  if (event.incident.maintenance || !inGroup(event.monitor?.group, group)) return [...entries];
  if (current?.state === "acknowledged" && current.incidentId === event.incidentId && event.type === "opened")
    return [...entries];
  const started = epochOf(event.incident.started);
  const entry: BoardEntry = {
    monitorId: event.monitorId,
    name: event.monitor?.name || current?.name || `Monitor ${event.monitorId}`,
    group: event.monitor?.group ?? current?.group ?? null,
    state: event.type === "acknowledged" ? "acknowledged" : "down",
    since: Number.isFinite(started) ? started : (current?.since ?? 0),
    incidentId: event.incidentId,
    ...(event.type === "acknowledged" ? { ackedBy } : {}),
  };
  return [...others, entry].slice(-BOARD_ITEMS_MAX);
}

function foldSlow(entries: readonly BoardEntry[], event: SlowEvent, group: string | null): BoardEntry[] {
  const others = entries.filter((e) => e.state !== "slow" || e.monitorId !== event.monitorId);
  if (event.phase === "fast") return others;
  const current = entries.find((e) => e.state === "slow" && e.monitorId === event.monitorId);
  if (!inGroup(event.monitor?.group ?? current?.group, group)) return [...entries];
  const entry: BoardEntry = {
    monitorId: event.monitorId,
    name: event.monitor?.name || current?.name || `Monitor ${event.monitorId}`,
    group: event.monitor?.group ?? current?.group ?? null,
    state: "slow",
    since: current?.since ?? event.since,
  };
  return [...others, entry].slice(-BOARD_ITEMS_MAX);
}

function isIncidentEvent(event: KindEvent): event is OutboxEvent {
  return event.type === "opened" || event.type === "acknowledged" || event.type === "resolved";
}

function isSlowEvent(event: KindEvent): event is SlowEvent {
  return event.type === "slow";
}
