import { inQuietHours } from "../../domain/quiet-hours";
import type { Subscription } from "../../store/subscription-store";

/**
 * Personal alerts in the person's quiet hours (issue 15): the thread of their subscribe message, where a
 * reply without broadcast or mention notifies nobody (Slack has no silent post).
 */
export function quietThreadOf(sub: Subscription, now: number): string | undefined {
  const personal = sub.personal;
  if (!personal?.quiet || !personal.threadTs) return undefined;
  return inQuietHours(personal.quiet, now) ? personal.threadTs : undefined;
}
