import { type CallOptions, NotFoundError, type UptimeApi } from "../../uptime";
import type { AlertMonitor } from "../model";
import { toAlertMonitor } from "./poll-mapping";

/** Most `GET /monitors/{id}` for monitors of events that the incident pages did not include, per poll. */
export const MAX_MONITOR_FETCHES = 20;

/** Reads the monitors of a poll's events that no incident page included (at most MAX_MONITOR_FETCHES). */
export async function fetchMonitors(
  api: UptimeApi,
  ids: readonly string[],
  monitors: Map<string, AlertMonitor | null>,
  call: CallOptions,
): Promise<void> {
  const wanted = ids.slice(0, MAX_MONITOR_FETCHES);
  const found = await Promise.all(wanted.map((id) => orNullWhenGone(api.monitors.get(id, call))));
  wanted.forEach((id, i) => {
    const monitor = found[i];
    monitors.set(id, monitor ? toAlertMonitor(monitor) : null);
  });
}

/** A deleted incident or monitor is not an API failure: the event goes out without it. */
export async function orNullWhenGone<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
