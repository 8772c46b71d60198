/**
 * Planned quiet (maintenance) windows and mutes until recovered: the bounds the grammar says to
 * the user and the stores check again, and the one rule of which monitors a window covers.
 */

/** A window lasts at least a minute and at most a week: longer planned work is a Pause, not a window. */
export const MAINTENANCE_MIN_MINUTES = 1;
export const MAINTENANCE_MAX_MINUTES = 7 * 24 * 60;
/** `--at HH:MM` is today's or tomorrow's HH:MM in the planner's zone: never further ahead than a day. */
export const MAINTENANCE_MAX_AHEAD_MINUTES = 24 * 60;
/** `--reason`: a short note, quoted back in the channel at the window's start and end. */
export const MAINTENANCE_REASON_MAX = 200;
/** `/uptime mute <monitor> <duration>`: the overflow's 1, 4 and 24 h, and any typed duration up to a week. */
export const MUTE_MAX_MINUTES = 7 * 24 * 60;
/**
 * A mute until recovered ends by the incident's recovery, at the latest after this long: the stored mute
 * needs an end (its key's expiry), and an incident open for a week is a Pause, not a mute.
 */
export const MUTE_UNTIL_RECOVERED_MAX_MS = 7 * 24 * 3_600_000;

/** What a window quiets: one monitor (by id), the monitors of one group (exact name, A9), or all. */
export type QuietScope =
  | { kind: "monitor"; monitorId: string; name: string | null }
  | { kind: "group"; group: string }
  | { kind: "all" };

/** Whether a window of this scope covers a monitor (its id, and its group as the poller last read it). */
export function scopeCovers(
  scope: QuietScope,
  monitor: { monitorId: string; group: string | null | undefined },
): boolean {
  if (scope.kind === "all") return true;
  if (scope.kind === "monitor") return scope.monitorId === monitor.monitorId;
  return monitor.group !== null && monitor.group !== undefined && monitor.group === scope.group;
}

/**
 * Whether a planned window holds back a monitor's alerts at `now`: started, of the monitor's own API team,
 * and covering the monitor. Another team's window in the same channel never covers it: a group name or
 * `all` means that team's monitors only. (Its end is the store's: an ended window is no longer listed.)
 */
export function windowCovers(
  window: { startAt: number; apiTeamId: string; scope: QuietScope },
  monitor: { monitorId: string; group: string | null | undefined; apiTeamId: string },
  now: number,
): boolean {
  return (
    window.startAt <= now && window.apiTeamId === monitor.apiTeamId && scopeCovers(window.scope, monitor)
  );
}
