import {
  type Bucket,
  type ChannelRecord,
  type CheckRecord,
  type IncidentRecord,
  LOCATIONS,
  type LocationRecord,
  type MonitorRecord,
  type TeamRecord,
  type UserRecord,
} from "./model";
import {
  availabilitySeries,
  dailyWindow,
  hourlyWindow,
  latencySeries,
  type StatWindow,
  windowEnd,
} from "./stats";
import { isoOffset, isoZ } from "./time";
import type { World } from "./world";

/** A JSON:API resource object as written on the wire. */
export interface Resource {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  links?: Record<string, string>;
  meta?: Record<string, unknown>;
}
export interface Identifier {
  type: string;
  id: string;
  meta?: Record<string, unknown>;
}
export interface Relationship {
  data?: Identifier | Identifier[] | null;
  links?: Record<string, string>;
  meta?: Record<string, unknown>;
}

/** Collects `included` resources once each (JSON:API: a resource appears at most once per document). */
export class Included {
  private readonly map = new Map<string, Resource>();
  add(r: Resource): Identifier {
    const key = `${r.type}\u0000${r.id}`;
    if (!this.map.has(key)) this.map.set(key, r);
    return { type: r.type, id: r.id };
  }
  list(): Resource[] {
    return [...this.map.values()];
  }
  get size(): number {
    return this.map.size;
  }
}

export const MONITOR_INCLUDES = [
  "checks",
  "incidents",
  "latency-hourly",
  "latency-daily",
  "availability-hourly",
  "availability-daily",
  "incident",
  "availability",
  "latency",
] as const;

export type StatKind = "availability-hourly" | "availability-daily" | "latency-hourly" | "latency-daily";
/** Every statistics kind: monitor includes and the group statistics routes. */
export const STAT_KINDS: readonly StatKind[] = [
  "availability-hourly",
  "availability-daily",
  "latency-hourly",
  "latency-daily",
];
const isStatKind = (name: string): name is StatKind => (STAT_KINDS as readonly string[]).includes(name);

export class Renderer {
  constructor(
    readonly base: string,
    readonly world: World,
  ) {}

  user(u: UserRecord, visibleTeams: number[], own: boolean): Resource {
    return {
      type: "users",
      id: String(u.id),
      attributes: {
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone,
        timeZone: u.timeZone,
        silentStart: u.silentStart,
        silentEnd: u.silentEnd,
        lang: u.lang,
        country: u.country,
        // The reference shows `invitation` only on the user's own record and leaves its meaning open.
        ...(own ? { invitation: "" } : {}),
      },
      relationships: {
        teams: {
          data: visibleTeams.map((id) => ({ type: "teams", id: String(id) })),
          links: { related: `${this.base}/users/${u.id}/teams` },
        },
      },
      links: { self: `${this.base}/users/${u.id}` },
    };
  }

  team(t: TeamRecord): Resource {
    return {
      type: "teams",
      id: String(t.id),
      attributes: { name: t.name },
      relationships: {
        channels: {
          data: t.channels.map((c) => ({ type: "channels", id: String(c.id) })),
          meta: { count: t.channels.length },
        },
        locations: {
          data: LOCATIONS.map((l) => ({ type: "locations", id: l.id })),
          meta: { count: LOCATIONS.length },
        },
        users: {
          data: [...t.members].map(([id, role]) => ({ type: "users", id: String(id), meta: { role } })),
        },
      },
      links: { self: `${this.base}/teams/${t.id}` },
      meta: {
        created: isoOffset(t.created),
        updated: isoOffset(t.updated),
        availableFeatures: t.availableFeatures,
        monitorCounters: this.world.counters(t),
      },
    };
  }

  channel(c: ChannelRecord, withMeta: boolean): Resource {
    return {
      type: "channels",
      id: String(c.id),
      attributes: { slug: c.slug, name: c.name, description: c.description, enabled: c.enabled },
      ...(withMeta ? { meta: { created: isoOffset(c.created), updated: isoOffset(c.updated) } } : {}),
    };
  }

  location(l: LocationRecord): Resource {
    const at = isoOffset(this.world.clock.now());
    return {
      type: "locations",
      id: l.id,
      attributes: { name: l.name, countryCode: l.countryCode, zone: l.zone, ip: l.ip },
      links: { self: `${this.base}/locations/${l.id}` },
      meta: { status: 1, seen: at, created: "2020-01-01T00:00:00+00:00", updated: at },
    };
  }

  /** A4: status 1 active / 0 paused; state 10 up, -10 down, null pending. Attributes mirror meta. */
  monitor(m: MonitorRecord): Resource {
    const status = m.paused ? 0 : 1;
    return {
      type: "monitors",
      id: String(m.id),
      attributes: {
        name: m.name,
        pronounceable: m.pronounceable,
        interval: m.interval,
        group: m.group,
        ...(m.kind === "tcp_port" ? { service: "tcp_port" } : {}),
        maintenanceType: 0,
        maintenanceStartDate: null,
        maintenanceEndDate: null,
        maintenanceStartTime: null,
        maintenanceEndTime: null,
        settings: { ...m.settings },
        status,
        state: m.state,
      },
      links: { self: `${this.base}/monitors/${m.id}` },
      meta: { status, state: m.state, created: isoOffset(m.created), updated: isoOffset(m.updated) },
    };
  }

  /** A6: incidents carry relationships team and monitor; `type` may be the later singular form. */
  incident(i: IncidentRecord, type: "incidents" | "incident" = "incidents"): Resource {
    return {
      type,
      id: String(i.id),
      attributes: {
        started: isoOffset(i.started),
        ended: i.ended === null ? null : isoOffset(i.ended),
        acknowledged: i.acknowledged === null ? null : isoOffset(i.acknowledged),
        downtime: i.ended === null ? null : Math.round((i.ended - i.started) / 1000),
        reason: i.reason,
        maintenance: i.maintenance,
      },
      relationships: {
        team: { data: { type: "teams", id: String(i.teamId) } },
        monitor: { data: { type: "monitors", id: String(i.monitorId) } },
      },
      links: { self: `${this.base}/incidents/${i.id}` },
      meta: { created: isoOffset(i.created), updated: isoOffset(i.updated) },
    };
  }

  /** A5: each check carries relationships.monitor. */
  check(c: CheckRecord): Resource {
    return {
      type: "checks",
      id: c.id,
      attributes: {
        status: c.status,
        state: c.state,
        location: c.location,
        created: isoOffset(c.created),
        error: c.error,
        totalDuration: c.totalDuration,
      },
      relationships: { monitor: { data: { type: "monitors", id: String(c.monitorId) } } },
    };
  }

  /** Team, group or monitor statistics in the `<from>-<to>-<type>` form (A10). */
  stat(kind: StatKind, monitors: MonitorRecord[], idSuffix = "", self?: string): Resource {
    const now = this.world.clock.now();
    const hourly = kind.endsWith("hourly");
    const w = hourly ? hourlyWindow(now) : dailyWindow(now);
    const maps = monitors.map((m) => (hourly ? m.hourly : m.daily));
    const id = `${w.from / 1000}-${windowEnd(w) / 1000}-${kind}${idSuffix}`;
    const links = self ? { links: { self } } : {};
    const series = kind.startsWith("availability") ? "availability" : "latency";
    return this.series(series, kind, id, maps, w, links, false);
  }

  /** A statistics resource: the series' points with ISO times, and its totals or averages (A10). */
  private series(
    series: "availability" | "latency",
    type: string,
    id: string,
    maps: Map<number, Bucket>[],
    w: StatWindow,
    links: { links?: Record<string, string> },
    later: boolean,
  ): Resource {
    const s = series === "availability" ? availabilitySeries(maps, w) : latencySeries(maps, w);
    const points: readonly { time: number }[] = s.points;
    const summary = "totals" in s ? { totals: s.totals } : { averages: s.averages };
    return {
      type,
      id,
      // The spread keeps `time` first, as the reference writes it.
      attributes: { points: points.map((p) => ({ ...p, time: isoZ(p.time) })) },
      ...links,
      meta: {
        timeFrom: isoOffset(w.from),
        timeTo: isoOffset(windowEnd(w)),
        ...summary,
        ...(later ? { precision: w.precision } : {}),
      },
    };
  }

  /**
   * A monitor with the relationships asked for by `include` (A11: the same set for a single monitor
   * and the team list). Monitor statistics ids get a `-monitor-<id>` suffix so that ids stay unique
   * in a list's `included` (the reference's bare `<from>-<to>-<type>` would collide across monitors).
   */
  monitorWith(m: MonitorRecord, include: ReadonlySet<string>, included: Included): Resource {
    const r = this.monitor(m);
    if (include.size === 0) return r;
    const rel: Record<string, Relationship> = {};
    const self = `${this.base}/monitors/${m.id}`;
    for (const name of include) {
      if (name === "checks") {
        rel.checks = { data: m.recentChecks.slice(0, 10).map((c) => included.add(this.check(c))) };
      } else if (name === "incidents" || name === "incident") {
        const latest = this.world.sortedIncidents(m.incidents).slice(0, 10);
        const type = name === "incident" ? "incident" : "incidents";
        rel[name] = {
          data: latest.map((i) => included.add(this.incident(i, type))),
          meta: { total: m.incidents.length },
          ...(name === "incident" ? { links: { self: `${self}/relationships/incident` } } : {}),
        };
      } else if (isStatKind(name)) {
        rel[name] = { data: included.add(this.stat(name, [m], `-monitor-${m.id}`)) };
      } else if (name === "availability" || name === "latency") {
        const w = dailyWindow(this.world.clock.now());
        const span = `${w.from / 1000}_${windowEnd(w) / 1000}`;
        const id = `${name === "availability" ? "av" : "la"}-daily-monitor-${m.id}_${span}`;
        const res = this.series(name, name, id, [m.daily], w, {}, true);
        rel[name] = { data: included.add(res), links: { self: `${self}/relationships/${name}` } };
      }
    }
    r.relationships = rel;
    return r;
  }
}
