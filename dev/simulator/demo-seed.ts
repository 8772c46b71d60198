import type { MonitorRecord, Role } from "./model";
import type { ScenarioEngine } from "./scenario";
import type { SeedResult } from "./seed";
import { recordSample } from "./stats";
import { DAY, HOUR, SECOND } from "./time";
import type { MonitorInput, World } from "./world";

const MINUTE = 60 * SECOND;

interface DemoMonitor extends Omit<MonitorInput, "pronounceable"> {
  id: number;
  team: number;
  paused?: boolean;
}

const http = (url: string, keywordBody?: string) => ({ url, ...(keywordBody ? { keywordBody } : {}) });
const tcp = (host: string, port: number) => ({ host, port, timeout: 10 });

/** Fixed ids so that the README and tests can name them (dev/simulator/README.md lists them). */
export const DEMO_TOKENS = {
  owner: "demo-owner-token",
  member: "demo-member-token",
  readonly: "demo-readonly-token",
  stagingOwner: "demo-staging-token",
} as const;
export const DEMO_PASSWORD = "demo-password";

const USERS: {
  id: number;
  firstName: string;
  lastName: string;
  token: string;
  tz: string;
  teams: [number, Role][];
}[] = [
  {
    id: 1,
    firstName: "Olivia",
    lastName: "Owner",
    token: DEMO_TOKENS.owner,
    tz: "Europe/Berlin",
    teams: [
      [1, "owner"],
      [2, "regular"],
    ],
  },
  {
    id: 2,
    firstName: "Max",
    lastName: "Member",
    token: DEMO_TOKENS.member,
    tz: "America/New_York",
    teams: [[1, "regular"]],
  },
  {
    id: 3,
    firstName: "Rita",
    lastName: "Readonly",
    token: DEMO_TOKENS.readonly,
    tz: "Asia/Singapore",
    teams: [[1, "read-only"]],
  },
  {
    id: 4,
    firstName: "Stan",
    lastName: "Staging",
    token: DEMO_TOKENS.stagingOwner,
    tz: "UTC",
    teams: [[2, "owner"]],
  },
];

// Targets are example.com names and .internal hosts: nothing a probe would reach by accident.
const MONITORS: DemoMonitor[] = [
  {
    id: 1,
    team: 1,
    name: "Marketing site",
    group: "Website",
    interval: 60,
    kind: "http",
    settings: http("https://www.example.com/"),
  },
  {
    id: 2,
    team: 1,
    name: "Web shop",
    group: "Website",
    interval: 60,
    kind: "http",
    settings: http("https://shop.example.com/health", "OK"),
  },
  {
    id: 3,
    team: 1,
    name: "Blog",
    group: "Website",
    interval: 300,
    kind: "http",
    settings: http("https://blog.example.com/"),
  },
  {
    id: 4,
    team: 1,
    name: "Docs",
    group: "Website",
    interval: 300,
    kind: "http",
    settings: http("https://docs.example.com/"),
  },
  {
    id: 5,
    team: 1,
    name: "Public API",
    group: "API",
    interval: 30,
    kind: "http",
    settings: http("https://api.example.com/v1/health"),
  },
  {
    id: 6,
    team: 1,
    name: "Auth service",
    group: "API",
    interval: 60,
    kind: "http",
    settings: http("https://auth.example.com/health"),
  },
  {
    id: 7,
    team: 1,
    name: "Payments API",
    group: "API",
    interval: 60,
    kind: "http",
    settings: http("https://payments.example.com/status"),
  },
  {
    id: 8,
    team: 1,
    name: "Webhooks relay",
    group: "API",
    interval: 120,
    kind: "http",
    settings: http("https://hooks.example.com/ping"),
    paused: true,
  },
  {
    id: 9,
    team: 1,
    name: "Primary database",
    group: "Infrastructure",
    interval: 60,
    kind: "tcp_port",
    settings: tcp("db.example.internal", 5432),
  },
  {
    id: 10,
    team: 1,
    name: "Redis cache",
    group: "Infrastructure",
    interval: 60,
    kind: "tcp_port",
    settings: tcp("cache.example.internal", 6379),
  },
  {
    id: 11,
    team: 1,
    name: "Mail server",
    group: "Infrastructure",
    interval: 300,
    kind: "tcp_port",
    settings: tcp("mail.example.com", 25),
  },
  {
    id: 12,
    team: 1,
    name: "Bastion SSH",
    group: "Infrastructure",
    interval: 120,
    kind: "tcp_port",
    settings: tcp("bastion.example.com", 22),
  },
  {
    id: 13,
    team: 2,
    name: "Staging site",
    group: null,
    interval: 300,
    kind: "http",
    settings: http("https://staging.example.com/"),
  },
  {
    id: 14,
    team: 2,
    name: "Staging API",
    group: null,
    interval: 120,
    kind: "http",
    settings: http("https://api.staging.example.com/health"),
  },
  {
    id: 15,
    team: 2,
    name: "Staging database",
    group: null,
    interval: 300,
    kind: "tcp_port",
    settings: tcp("db.staging.example.internal", 5432),
  },
];

/** Ended incidents of the last days: [id, monitor, started (ago), minutes, reason, acknowledged after (min)]. */
const INCIDENTS: [number, number, number, number, string, number | null][] = [
  [1, 3, 9 * DAY + 3 * HOUR, 45, "HTTP 500 Internal Server Error", 5],
  [2, 2, 5 * DAY + 7 * HOUR, 3, "HTTP 503 Service Unavailable", null],
  [3, 14, 3 * DAY + 2 * HOUR, 20, "HTTP 502 Bad Gateway", null],
  [4, 5, 2 * DAY + 5 * HOUR, 14, "Connection timeout", 2],
  [5, 9, 1 * DAY + 4 * HOUR, 6, "Connection refused", 1],
];

/**
 * The demo world: two teams, four users, fifteen monitors (one paused), five ended incidents, 30 days of
 * statistics synthesised per hour (not check by check, so it takes milliseconds), and a few real rounds
 * of checks so that the latest checks are there from the start. Everything is up at start.
 */
export function seedDemo(world: World, engine: ScenarioEngine): SeedResult {
  const now = world.clock.now();
  const start = Math.floor((now - 60 * DAY) / MINUTE) * MINUTE;
  const production = world.addTeam({
    id: 1,
    name: "Acme Production",
    channels: ["email", "sms", "phone-call"],
    at: start,
  });
  const staging = world.addTeam({ id: 2, name: "Acme Staging", channels: ["email"], at: start + DAY });
  const teams = new Map([
    [1, production],
    [2, staging],
  ]);
  for (const u of USERS) {
    const user = world.upsertUser({
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      token: u.token,
      password: DEMO_PASSWORD,
      timeZone: u.tz,
      phone: `+1555010${u.id}00`,
      email: `${u.firstName.toLowerCase()}@acme.example.com`,
    });
    user.created = start;
    user.updated = start;
    for (const [teamId, role] of u.teams) world.addMember(teams.get(teamId)!, user, role);
  }
  const monitors: MonitorRecord[] = [];
  for (const d of MONITORS) {
    const team = teams.get(d.team)!;
    const { id, team: _team, paused, ...input } = d;
    const m = world.createMonitor(team, { ...input, pronounceable: null }, { id, at: start + d.id * HOUR });
    monitors.push(m);
  }
  for (const [id, monitorId, ago, minutes, reason, ackAfter] of INCIDENTS) {
    const m = world.monitors.get(monitorId)!;
    const started = Math.floor((now - ago) / MINUTE) * MINUTE + 17 * SECOND;
    world.openIncident(m, started, reason, {
      id,
      ended: started + minutes * MINUTE,
      ...(ackAfter === null ? {} : { acknowledged: started + ackAfter * MINUTE }),
    });
  }
  for (const m of monitors) {
    const period = world.periodMs(m);
    const paused = MONITORS.find((d) => d.id === m.id)?.paused === true;
    synthesiseHistory(world, m, paused ? now - 3 * DAY : now - 3 * period);
    if (paused) {
      m.paused = true;
      m.state = 10;
      m.updated = now - 3 * DAY;
    }
  }
  // A few real rounds, in time order across monitors, so that the latest checks exist from the start.
  for (let i = 2; i >= 0; i--) {
    for (const m of monitors) {
      if (m.paused) continue;
      const at = now - i * world.periodMs(m);
      m.nextCheckAt = at;
      engine.round(m, at);
    }
  }
  return {
    teams: [production, staging].map((t) => ({
      id: t.id,
      users: [...t.members.keys()].map((id) => ({ id, token: world.users.get(id)!.token })),
      monitors: world.teamMonitors(t).map((m) => ({ id: m.id, name: m.name })),
    })),
  };
}

/** Hour by hour from 30 days ago (or creation) to `until`: rounds, downtime from the incidents, latency. */
function synthesiseHistory(world: World, m: MonitorRecord, until: number): void {
  const intervalMs = m.interval * SECOND;
  const from = Math.max(m.created, Math.floor((until - 31 * DAY) / HOUR) * HOUR);
  const incidents = m.incidents.map((id) => world.incidents.get(id)!).filter(Boolean);
  for (let h = Math.floor(from / HOUR) * HOUR; h < until; h += HOUR) {
    const segStart = Math.max(h, from);
    const segEnd = Math.min(h + HOUR, until);
    const rounds = Math.floor((segEnd - segStart) / intervalMs);
    if (rounds <= 0) continue;
    let downMs = 0;
    for (const i of incidents) {
      const end = i.ended ?? until;
      downMs += Math.max(0, Math.min(end, segEnd) - Math.max(i.started, segStart));
    }
    const downtime = Math.round(downMs / 1000);
    const downRounds = Math.min(rounds, Math.ceil(downtime / m.interval));
    // Busier hours are a little slower: a daily wave plus noise, deterministic per seed.
    const hourOfDay = new Date(h).getUTCHours();
    const avg =
      m.baseLatency * (1 + 0.15 * Math.sin((hourOfDay / 24) * 2 * Math.PI)) * (0.9 + world.random() * 0.2) +
      20;
    const latN = (rounds - downRounds) * m.locations.length;
    recordSample(m.hourly, m.daily, segStart, {
      rounds,
      downRounds,
      downtime,
      latSum: avg * latN,
      latN,
      m0Sum: avg * latN * 0.3,
    });
  }
}
