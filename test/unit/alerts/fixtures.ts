import type { IncidentSnapshot } from "../../../src/alerts/model";

export const T0 = Date.parse("2025-03-01T12:00:00Z");

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "+00:00");
}

/** An incident started `startedAt` ms (open, not acknowledged, not maintenance unless told). */
export function incident(
  id: string,
  startedAt: number,
  extra: Partial<IncidentSnapshot> = {},
): IncidentSnapshot {
  return {
    id,
    monitorId: `m${id}`,
    started: iso(startedAt),
    ended: null,
    acknowledged: null,
    maintenance: false,
    reason: "Connection timeout",
    ...extra,
  };
}
