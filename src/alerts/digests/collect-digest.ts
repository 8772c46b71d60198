import { matchesFilters, type SubscriptionFilters } from "../../store/subscription-store";
import type { Incident, Monitor, UptimeApi } from "../../uptime";
import type { DigestPeriod, DigestReport } from "../model";
import type { DigestCadence } from "./digest-calendar";
import { computeDigest, digestPrecision } from "./digest-report";

/** A digest reads at most this many monitors and incidents: enough for any team, bounded for a huge one. */
export const DIGEST_MAX_MONITORS = 2000;
export const DIGEST_MAX_INCIDENTS = 2000;

export interface DigestRequest {
  apiTeamId: string;
  filters: SubscriptionFilters;
  cadence: DigestCadence;
  timeZone: string;
  period: DigestPeriod;
}

/**
 * Reads what a digest needs with one user's token and computes it: the team (its name), its monitors with
 * the cadence's availability series (A11 include on the monitor list), and the incidents that started in
 * the period (A6: newest first, so reading stops at the first older one). The subscription's filters
 * apply to both; incidents during maintenance (A6) are left out, as alerts leave them out.
 */
export async function collectDigest(api: UptimeApi, request: DigestRequest): Promise<DigestReport> {
  const { apiTeamId, filters, period } = request;
  const include =
    digestPrecision(request.cadence) === "hourly" ? "availability-hourly" : "availability-daily";
  const team = await api.teams.get(apiTeamId);
  let capped = false;
  const monitors: Monitor[] = [];
  for await (const monitor of api.teams.monitorsAll(apiTeamId, { include: [include] })) {
    if (monitors.length >= DIGEST_MAX_MONITORS) {
      capped = true;
      break;
    }
    if (matchesFilters(filters, { monitorId: monitor.id, monitor })) monitors.push(monitor);
  }
  const byId = new Map(monitors.map((m) => [m.id, m]));
  const incidents: Incident[] = [];
  let read = 0;
  for await (const incident of api.teams.incidentsAll(apiTeamId)) {
    if (++read > DIGEST_MAX_INCIDENTS) {
      capped = true;
      break;
    }
    const started = incident.started.getTime();
    if (started < period.from) break;
    if (started >= period.to || incident.maintenance) continue;
    const monitor = incident.monitorId === null ? null : (byId.get(incident.monitorId) ?? null);
    if (monitor && matchesFilters(filters, { monitorId: incident.monitorId, monitor }))
      incidents.push(incident);
  }
  return computeDigest({
    cadence: request.cadence,
    timeZone: request.timeZone,
    period,
    team: { id: team.id, name: team.name },
    filtered: filters.monitors.length + filters.groups.length > 0,
    monitors,
    incidents,
    capped,
  });
}
