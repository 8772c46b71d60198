import type { UserRef } from "../domain/workspace-ref";
import type { Period, StatsTarget } from "../grammar";
import { type AvailabilitySeries, aggregateAvailability } from "./aggregate-stats";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { sessionTeam, type TeamRead } from "./session-team";
import {
  precisionOf,
  resolveGroup,
  type StatsSource,
  type StatsSubject,
  statsMonitor,
  teamMonitorsWith,
} from "./stats-target";

export interface AvailabilityView {
  subject: StatsSubject;
  period: Period;
  /** null when the service sent no series (e.g. a monitor created a minute ago). */
  series: AvailabilitySeries | null;
  source: StatsSource;
}

export interface StatsInput {
  target: StatsTarget;
  period: Period;
  /** The team a shared answer showed (sessionTeam); else the active team. */
  teamId?: string | undefined;
  /** The monitor a shared answer showed: read by id, never by its name again (a name may match another). */
  monitorId?: string | undefined;
}

/**
 * `/uptime availability [monitor | group:<name>] [24h|30d]`.
 * - monitor: its own series (A11 include=availability-hourly / -daily on GET /monitors/{id});
 * - group: the A7 group endpoints;
 * - team, 30d: GET /teams/{id}/availability-daily;
 * - team, 24h: the API has no hourly team series, so it is computed from the monitors' hourly series
 *   (include=availability-hourly on the monitor list, see aggregateAvailability) and the answer says so.
 */
export function getAvailability(
  deps: ServiceDeps,
  ref: UserRef,
  input: StatsInput,
): Promise<TeamRead<AvailabilityView>> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, input.teamId);
    const precision = precisionOf(input.period);
    const { target, period } = input;
    if (target.kind === "monitor") {
      const include = precision === "hourly" ? "availability-hourly" : "availability-daily";
      const monitor = await statsMonitor(api, team.id, target.monitor, input.monitorId, include);
      const series =
        (precision === "hourly" ? monitor.availabilityHourly : monitor.availabilityDaily) ?? null;
      return {
        teamId: team.id,
        subject: { kind: "monitor", id: monitor.id, name: monitor.name },
        period,
        series,
        source: { kind: "api" },
      };
    }
    if (target.kind === "group") {
      const group = await resolveGroup(api, team.id, target.group);
      const series = await api.groups.availability(team.id, group.name, precision);
      return {
        teamId: team.id,
        subject: { kind: "group", ...group },
        period,
        series,
        source: { kind: "api" },
      };
    }
    const subject: StatsSubject = { kind: "team", id: team.id, name: team.name };
    if (precision === "daily") {
      const series = await api.teams.availabilityDaily(team.id);
      return { teamId: team.id, subject, period, series, source: { kind: "api" } };
    }
    const { monitors, capped } = await teamMonitorsWith(api, team.id, "availability-hourly");
    const all = monitors.flatMap((m) => (m.availabilityHourly ? [m.availabilityHourly] : []));
    return {
      teamId: team.id,
      subject,
      period,
      series: all.length ? aggregateAvailability(all, precision) : null,
      source: { kind: "monitors", monitors: all.length, capped },
    };
  });
}
