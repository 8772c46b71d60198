/** Which monitors of a team a subscription covers. */
export interface SubscriptionFilters {
  /** Monitor ids (API ids). */
  monitors: string[];
  /** Group names. Both empty: every monitor of the team. */
  groups: string[];
}

/**
 * Whether a subscription's filters take a monitor's incident: no filter takes everything; otherwise the
 * monitor id is listed, or its group is. A monitor that could not be read (null) matches only by id.
 * The one rule for delivery (alerts) and for the subscribe reply's "down now" baseline (services).
 */
export function matchesFilters(
  filters: SubscriptionFilters,
  subject: { monitorId: string | null; monitor?: { group: string | null } | null | undefined },
): boolean {
  if (filters.monitors.length === 0 && filters.groups.length === 0) return true;
  if (subject.monitorId !== null && filters.monitors.includes(subject.monitorId)) return true;
  const group = subject.monitor?.group;
  return group !== null && group !== undefined && filters.groups.includes(group);
}

/** Sorted, de-duplicated filters: the same filters in another order are the same subscription. */
export function normalizeFilters(filters: SubscriptionFilters): SubscriptionFilters {
  const clean = (values: readonly string[]) =>
    [...new Set(values.map((v) => v.trim()).filter(Boolean))].sort();
  return { monitors: clean(filters.monitors), groups: clean(filters.groups) };
}
