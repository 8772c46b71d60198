import type { UserRef } from "../domain/workspace-ref";
import type { Period } from "../grammar";
import { aggregateLatency, type LatencySeries } from "./aggregate-stats";
import type { StatsInput } from "./get-availability";
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

export interface LatencyView {
  subject: StatsSubject;
  period: Period;
  series: LatencySeries | null;
  source: StatsSource;
}

/**
 * `/uptime latency [monitor | group:<name>] [24h|30d]`: a monitor's own series (A11 include), a group's
 * (A7), or for the team, which has no latency endpoint at all, the mean of its monitors' series (computed
 * here from include=latency-hourly / -daily on the monitor list; the answer says so).
 */
export function getLatency(
  deps: ServiceDeps,
  ref: UserRef,
  input: StatsInput,
): Promise<TeamRead<LatencyView>> {
  return withSession(deps, ref, async (session) => {
    const { api } = session;
    const team = sessionTeam(session, input.teamId);
    const precision = precisionOf(input.period);
    const { target, period } = input;
    const include = precision === "hourly" ? "latency-hourly" : "latency-daily";
    if (target.kind === "monitor") {
      const monitor = await statsMonitor(api, team.id, target.monitor, input.monitorId, include);
      const series = (precision === "hourly" ? monitor.latencyHourly : monitor.latencyDaily) ?? null;
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
      const series = await api.groups.latency(team.id, group.name, precision);
      return {
        teamId: team.id,
        subject: { kind: "group", ...group },
        period,
        series,
        source: { kind: "api" },
      };
    }
    const { monitors, capped } = await teamMonitorsWith(api, team.id, include);
    const all = monitors.flatMap((m) => {
      const s = precision === "hourly" ? m.latencyHourly : m.latencyDaily;
      return s ? [s] : [];
    });
    return {
      teamId: team.id,
      subject: { kind: "team", id: team.id, name: team.name },
      period,
      series: all.length ? aggregateLatency(all, precision) : null,
      source: { kind: "monitors", monitors: all.length, capped },
    };
  });
}
