import type { MessageMetadata } from "../../slack/slack-poster";

// Slack has no idempotency key: metadata lets a retry after a crash find the message, not post it again.
export const ALERT_EVENT_TYPE = "uptime_alert";
export const RECOVERY_EVENT_TYPE = "uptime_alert_recovery";
export const ROLLUP_EVENT_TYPE = "uptime_alert_rollup";
export const ESCALATION_EVENT_TYPE = "uptime_alert_escalation";
export const ACK_REPLY_EVENT_TYPE = "uptime_alert_ack";
export const SLOW_EVENT_TYPE = "uptime_alert_slow";

export function incidentMetadata(
  eventType: string,
  incidentId: string,
  eventId: string,
  channel: string,
): MessageMetadata {
  return { event_type: eventType, event_payload: { incident_id: incidentId, event_id: eventId, channel } };
}

export function alertMetadata(incidentId: string, eventId: string, channel: string): MessageMetadata {
  return incidentMetadata(ALERT_EVENT_TYPE, incidentId, eventId, channel);
}

export function recoveryMetadata(incidentId: string, eventId: string, channel: string): MessageMetadata {
  return incidentMetadata(RECOVERY_EVENT_TYPE, incidentId, eventId, channel);
}

export function rollupMetadata(rollupId: string, channel: string): MessageMetadata {
  return { event_type: ROLLUP_EVENT_TYPE, event_payload: { rollup_id: rollupId, channel } };
}

export function incidentMatcher(incidentId: string, channel: string) {
  return (payload: Record<string, unknown>) =>
    payload.incident_id === incidentId && payload.channel === channel;
}

/** Carries the step, so a lookup after a crash finds this step's reply, not an earlier one's. */
export function escalationMetadata(
  incidentId: string,
  eventId: string,
  channel: string,
  step: number,
  again = false,
): MessageMetadata {
  const metadata = incidentMetadata(ESCALATION_EVENT_TYPE, incidentId, eventId, channel);
  const extra = { ...(step === 0 ? {} : { step }), ...(again ? { again: true } : {}) };
  return Object.keys(extra).length === 0
    ? metadata
    : { ...metadata, event_payload: { ...metadata.event_payload, ...extra } };
}

/** `again`: the steps run after an acknowledgement expired, told apart from the first run's. */
export function escalationMatcher(incidentId: string, channel: string, step: number, again = false) {
  const incident = incidentMatcher(incidentId, channel);
  return (payload: Record<string, unknown>) =>
    incident(payload) && (payload.step ?? 0) === step && (payload.again === true) === again;
}

export function rollupMatcher(rollupId: string, channel: string) {
  return (payload: Record<string, unknown>) => payload.rollup_id === rollupId && payload.channel === channel;
}

/** The margin covers clock differences between this replica and Slack. */
export function lookupOldestTs(attemptAt: number, marginMs = 5 * 60_000): string {
  return (Math.max(0, attemptAt - marginMs) / 1000).toFixed(6);
}

export function slowMetadata(alertId: string, eventId: string, channel: string): MessageMetadata {
  return {
    event_type: SLOW_EVENT_TYPE,
    event_payload: { slow_alert_id: alertId, event_id: eventId, channel },
  };
}

export function slowMatcher(alertId: string, channel: string) {
  return (payload: Record<string, unknown>) =>
    payload.slow_alert_id === alertId && payload.channel === channel;
}
