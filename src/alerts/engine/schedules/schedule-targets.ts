/**
 * Outbox targets that name one subscription, `<kind>:<subscriptionId>` (every schedule's, and an acknowledge's
 * `redraw:`), unlike a poll target (`team:...`), whose events fan out to every subscription of it. Any kind
 * but the poll target's names one subscription, so that a new schedule kind routes with no line here.
 */
const POLL_TARGET_KIND = "team";

export function scheduleTarget(kind: string, subscriptionId: string): string {
  return `${kind}:${subscriptionId}`;
}

/** The subscription id of a schedule's outbox target; null for a poll target or any other target. */
export function subscriptionOfScheduleTarget(target: string): string | null {
  const colon = target.indexOf(":");
  if (colon <= 0 || target.slice(0, colon) === POLL_TARGET_KIND) return null;
  return target.slice(colon + 1) || null;
}
