/**
 * The fault suite's accounting (pure): what a scenario scripted against what the channels show. An alert
 * is one channel's root of an incident (posted when it opens) or its recovery reply (when it ends); each
 * is expected exactly once per subscribed channel, and never before its cause.
 */

/**
 * Message metadata event types as Slack shows them (the wire values of src/alerts' alert-metadata.ts,
 * repeated here: the suite reads the channels as a person would, whatever the module layout).
 */
export const ALERT_EVENT_TYPE = "uptime_alert";
export const RECOVERY_EVENT_TYPE = "uptime_alert_recovery";
export const ROLLUP_EVENT_TYPE = "uptime_alert_rollup";

export interface ScriptedOutage {
  incidentId: string;
  /** The channels that must show it. */
  channels: readonly string[];
  /** ms (wall clock) just before the monitor was failed. */
  failedAt: number;
  /** ms just before it was recovered; null while it is still down. */
  recoveredAt: number | null;
}

/** The fields of a channel message the ledger reads (a fake Slack StoredMessage fits). */
export interface LedgerMessage {
  ts: string;
  metadata?: { event_type: string; event_payload: Record<string, unknown> } | undefined;
}

export interface Tally {
  expected: number;
  /** Expected alerts that were posted (each counted once). */
  posted: number;
  /** Copies beyond the first of an expected alert. */
  duplicates: number;
  lost: number;
  /** Alerts about no scripted incident, recoveries of incidents still down or posted before the recovery. */
  falseAlerts: number;
  /** Storm roll-ups posted (a roll-up stands in for roots, which then count as lost). */
  rollups: number;
  /** Per posted alert: its first copy's time minus its cause's, ms. */
  delaysMs: number[];
}

export const tsToMs = (ts: string): number => Number(ts) * 1000;

/** Tallies `channels` (every channel the scenario watches, including ones that must stay quiet). */
export function tally(
  outages: readonly ScriptedOutage[],
  channels: readonly string[],
  messagesOf: (channel: string) => readonly LedgerMessage[],
): Tally {
  const result: Tally = {
    expected: 0,
    posted: 0,
    duplicates: 0,
    lost: 0,
    falseAlerts: 0,
    rollups: 0,
    delaysMs: [],
  };
  for (const channel of channels) {
    const roots = new Map<string, number[]>();
    const recoveries = new Map<string, number[]>();
    for (const message of messagesOf(channel)) {
      const type = message.metadata?.event_type;
      if (type === ROLLUP_EVENT_TYPE) result.rollups++;
      const into = type === ALERT_EVENT_TYPE ? roots : type === RECOVERY_EVENT_TYPE ? recoveries : null;
      if (!into) continue;
      const id = String(message.metadata?.event_payload.incident_id);
      into.set(id, [...(into.get(id) ?? []), tsToMs(message.ts)]);
    }
    const scripted = outages.filter((o) => o.channels.includes(channel));
    const known = new Set(scripted.map((o) => o.incidentId));
    for (const [id, times] of [...roots, ...recoveries]) {
      if (!known.has(id)) result.falseAlerts += times.length;
    }
    for (const outage of scripted) {
      count(roots.get(outage.incidentId) ?? [], outage.failedAt);
      const replies = recoveries.get(outage.incidentId) ?? [];
      if (outage.recoveredAt === null) {
        result.falseAlerts += replies.length;
        continue;
      }
      const recoveredAt = outage.recoveredAt;
      // A recovery posted before the monitor recovered was a failed poll read as "up".
      const early = replies.filter((t) => t < recoveredAt).length;
      result.falseAlerts += early;
      count(
        replies.filter((t) => t >= recoveredAt),
        recoveredAt,
      );
    }
  }
  return result;

  function count(times: number[], causeAt: number) {
    result.expected++;
    if (times.length === 0) {
      result.lost++;
      return;
    }
    result.posted++;
    result.duplicates += times.length - 1;
    result.delaysMs.push(Math.min(...times) - causeAt);
  }
}
