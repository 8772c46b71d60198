import type { DigestCadence } from "../../../domain/digest-cadences";
import type { AvailabilityStats, Incident, Monitor, Precision } from "../../../uptime";
import type { DigestMonitor, DigestPeriod, DigestReport } from "../../model";

export interface DigestInput {
  cadence: DigestCadence;
  timeZone: string;
  period: DigestPeriod;
  team: { id: string; name: string };
  filtered: boolean;
  /** The monitors the digest covers, each with the availability series of the cadence (A11 include). */
  monitors: readonly Monitor[];
  incidents: readonly Incident[];
  capped: boolean;
  afterSeconds?: number | undefined;
}

/** The series a digest reads: hourly points cover a day, daily points a week. */
export function digestPrecision(cadence: DigestCadence): Precision {
  return cadence === "daily" ? "hourly" : "daily";
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function inPeriod(series: AvailabilityStats | null | undefined, period: DigestPeriod) {
  return (series?.points ?? []).filter((p) => {
    const t = p.time.getTime();
    return t >= period.from && t < period.to;
  });
}

function seriesOf(monitor: Monitor, precision: Precision) {
  return precision === "hourly" ? monitor.availabilityHourly : monitor.availabilityDaily;
}

/** Ended sooner than the grace period (`--after`): never posted, so the digest says how many. */
export function heldBackCount(incidents: readonly Incident[], afterSeconds: number): number {
  return incidents.filter(
    (i) => i.ended !== null && i.ended.getTime() - i.started.getTime() < afterSeconds * 1000,
  ).length;
}

export function computeDigest(input: DigestInput): DigestReport {
  const { period } = input;
  const precision = digestPrecision(input.cadence);
  const incidentsBy = new Map<string, number>();
  for (const incident of input.incidents) {
    if (incident.monitorId !== null)
      incidentsBy.set(incident.monitorId, (incidentsBy.get(incident.monitorId) ?? 0) + 1);
  }
  const slots = new Map<number, number[]>();
  const monitors: DigestMonitor[] = input.monitors.map((monitor) => {
    const points = inPeriod(seriesOf(monitor, precision), period);
    const values: number[] = [];
    let downtimeSeconds = 0;
    for (const p of points) {
      if (p.availability !== null && Number.isFinite(p.availability)) {
        values.push(p.availability);
        const slot = slots.get(p.time.getTime());
        if (slot) slot.push(p.availability);
        else slots.set(p.time.getTime(), [p.availability]);
      }
      if (p.downtimeSeconds !== null && Number.isFinite(p.downtimeSeconds))
        downtimeSeconds += p.downtimeSeconds;
    }
    return {
      id: monitor.id,
      name: monitor.name,
      group: monitor.group,
      availability: mean(values),
      downtimeSeconds,
      incidents: incidentsBy.get(monitor.id) ?? 0,
    };
  });

  const groupNames = [...new Set(monitors.map((m) => m.group))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  );
  const groups = groupNames.map((name) => {
    const members = monitors.filter((m) => m.group === name);
    return {
      name,
      availability: mean(members.flatMap((m) => (m.availability === null ? [] : [m.availability]))),
      monitors: members.length,
    };
  });

  const acknowledged = input.incidents.flatMap((i) =>
    i.acknowledged ? [(i.acknowledged.getTime() - i.started.getTime()) / 1000] : [],
  );
  const ended = input.incidents.flatMap((i) =>
    i.ended ? [(i.ended.getTime() - i.started.getTime()) / 1000] : [],
  );
  const worst = monitors
    .filter(
      (m) => (m.availability !== null && m.availability < 100) || m.incidents > 0 || m.downtimeSeconds > 0,
    )
    .sort(
      (a, b) =>
        (a.availability ?? 101) - (b.availability ?? 101) ||
        b.downtimeSeconds - a.downtimeSeconds ||
        b.incidents - a.incidents ||
        a.name.localeCompare(b.name),
    )
    .slice(0, 3);

  return {
    cadence: input.cadence,
    timeZone: input.timeZone,
    period,
    team: input.team,
    filtered: input.filtered,
    monitorCount: monitors.length,
    availability: mean(monitors.flatMap((m) => (m.availability === null ? [] : [m.availability]))),
    groups,
    incidentsOpened: input.incidents.length,
    downtimeSeconds: monitors.reduce((sum, m) => sum + m.downtimeSeconds, 0),
    mtta: acknowledged.length
      ? { seconds: mean(acknowledged.map((s) => Math.max(0, s)))!, of: acknowledged.length }
      : null,
    mttr: ended.length ? { seconds: mean(ended.map((s) => Math.max(0, s)))!, of: ended.length } : null,
    worst,
    chart: {
      precision,
      points: [...slots.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([t, values]) => ({ time: new Date(t), value: mean(values) })),
    },
    capped: input.capped,
    ...(input.afterSeconds !== undefined
      ? {
          heldBack: {
            count: heldBackCount(input.incidents, input.afterSeconds),
            afterSeconds: input.afterSeconds,
          },
        }
      : {}),
  };
}
