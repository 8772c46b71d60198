/**
 * Outbox targets of schedules (docs/architecture.md section 5 "Schedules"): `<kind>:<subscriptionId>`, one
 * subscription each, unlike a poll target (`team:...`) whose events fan out to every subscription of it.
 * An acknowledge's redraw of one channel (`redraw:`) goes to one subscription the same way.
 */
const SCHEDULE_KINDS = ["digest", "escalation", "redraw", "maintenance"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export function scheduleTarget(kind: ScheduleKind, subscriptionId: string): string {
  return `${kind}:${subscriptionId}`;
}

/** The subscription id of a schedule's outbox target; null for any other target. */
export function subscriptionOfScheduleTarget(target: string): string | null {
  const colon = target.indexOf(":");
  const kind = target.slice(0, colon);
  if (colon < 0 || !(SCHEDULE_KINDS as readonly string[]).includes(kind)) return null;
  return target.slice(colon + 1) || null;
}
