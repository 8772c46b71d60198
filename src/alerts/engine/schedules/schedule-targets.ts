// Any target kind but the poll's names one subscription, so a new schedule kind routes with no line here.
const POLL_TARGET_KIND = "team";

export function scheduleTarget(kind: string, subscriptionId: string): string {
  return `${kind}:${subscriptionId}`;
}

export function subscriptionOfScheduleTarget(target: string): string | null {
  const colon = target.indexOf(":");
  if (colon <= 0 || target.slice(0, colon) === POLL_TARGET_KIND) return null;
  return target.slice(colon + 1) || null;
}
