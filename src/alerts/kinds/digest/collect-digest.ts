import type { DigestCadence } from "../../../domain/digest-cadences";
import { matchesFilters, type SubscriptionFilters } from "../../../domain/subscription-filters";
import type { Incident, Monitor, Page, UptimeApi } from "../../../uptime";
import {
  DIGEST_INCIDENT_PAGES,
  DIGEST_MONITOR_PAGES,
  type DigestPeriod,
  type DigestReport,
} from "../../model";
import { computeDigest, digestPrecision } from "./digest-report";

export interface DigestRequest {
  apiTeamId: string;
  filters: SubscriptionFilters;
  cadence: DigestCadence;
  timeZone: string;
  period: DigestPeriod;
  /** The subscription's `--after`: its short outages are counted as held back. */
  afterSeconds?: number | undefined;
}

// A6 newest first: reading stops at the first older incident, or at its page cap (the report says so).
// Maintenance incidents are left out, as alerts leave them out.
export async function collectDigest(api: UptimeApi, request: DigestRequest): Promise<DigestReport> {
  const { apiTeamId, filters, period } = request;
  const include =
    digestPrecision(request.cadence) === "hourly" ? "availability-hourly" : "availability-daily";
  const team = await api.teams.get(apiTeamId);
  let capped = false;
  const monitors: Monitor[] = [];
  let page: Page<Monitor> | null = await api.teams.monitors(apiTeamId, { include: [include] });
  for (let read = 1; page; read++) {
    for (const monitor of page.items)
      if (matchesFilters(filters, { monitorId: monitor.id, monitor })) monitors.push(monitor);
    if (!page.hasMore) break;
    // The page past the cap is never asked for (the API gives no total: Pagination).
    if (read >= DIGEST_MONITOR_PAGES) {
      capped = true;
      break;
    }
    page = await page.next();
  }
  const byId = new Map(monitors.map((m) => [m.id, m]));
  const incidents: Incident[] = [];
  let incidentPage: Page<Incident> | null = await api.teams.incidents(apiTeamId);
  walk: for (let read = 1; incidentPage; read++) {
    for (const incident of incidentPage.items) {
      const started = incident.started.getTime();
      if (started < period.from) break walk;
      if (started >= period.to || incident.maintenance) continue;
      const monitor = incident.monitorId === null ? null : (byId.get(incident.monitorId) ?? null);
      if (monitor && matchesFilters(filters, { monitorId: incident.monitorId, monitor }))
        incidents.push(incident);
    }
    if (!incidentPage.hasMore) break;
    if (read >= DIGEST_INCIDENT_PAGES) {
      capped = true;
      break;
    }
    incidentPage = await incidentPage.next();
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
    afterSeconds: request.afterSeconds,
  });
}
