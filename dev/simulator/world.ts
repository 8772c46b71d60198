import type { Clock } from "../../src/lib/clock";
import { ApiError, notFound } from "./errors";
import {
  type ChannelRecord,
  type CheckRecord,
  type IncidentRecord,
  LOCATIONS,
  MONITOR_CHECKS,
  type MonitorRecord,
  type Role,
  TEAM_CHECKS,
  type TeamRecord,
  type UserRecord,
} from "./model";
import type { Random } from "./random";
import { recordSample } from "./stats";
import { checkIdFactory } from "./time";

/** What a create request or a seed decides about a monitor; the world fills in the rest. */
export type MonitorInput = Pick<
  MonitorRecord,
  "name" | "pronounceable" | "interval" | "group" | "kind" | "settings"
>;

export interface UserInput {
  id?: number;
  firstName: string;
  lastName?: string;
  email?: string;
  token: string;
  password?: string;
  phone?: string;
  timeZone?: string;
  country?: string;
}

const CHANNEL_NAMES: Record<string, [string, string]> = {
  email: ["E-mail", "Alerts by e-mail to every team member"],
  sms: ["SMS", "Text messages to members with a phone number"],
  "phone-call": ["Phone call", "Voice calls for outages"],
  webhook: ["Webhook", "HTTP POST to a configured address"],
};

/** Everything the simulated service knows. Handlers read it; every change goes through a method here. */
export class World {
  teams = new Map<number, TeamRecord>();
  users = new Map<number, UserRecord>();
  tokens = new Map<string, number>();
  monitors = new Map<number, MonitorRecord>();
  incidents = new Map<number, IncidentRecord>();
  serviceStatus: { status: "active" | "error"; failures: unknown[] } = { status: "active", failures: [] };
  private ids = { team: 1, user: 1, monitor: 1, incident: 1, channel: 1 };
  readonly checkId = checkIdFactory();

  constructor(
    readonly clock: Clock,
    readonly random: Random,
    /** Scenario speed-up: a monitor's interval lasts interval/timeScale seconds of clock time. */
    readonly timeScale: number,
  ) {}

  reset(): void {
    this.teams.clear();
    this.users.clear();
    this.tokens.clear();
    this.monitors.clear();
    this.incidents.clear();
    this.serviceStatus = { status: "active", failures: [] };
    this.ids = { team: 1, user: 1, monitor: 1, incident: 1, channel: 1 };
  }

  periodMs(m: MonitorRecord): number {
    return Math.max(1, Math.round((m.interval * 1000) / this.timeScale));
  }

  addTeam(input: { id?: number; name: string; channels?: string[]; at?: number }): TeamRecord {
    const id = input.id ?? this.ids.team;
    if (this.teams.has(id)) throw new ApiError(409, `Team ${id} already exists`);
    this.ids.team = Math.max(this.ids.team, id + 1);
    const at = input.at ?? this.clock.now();
    const channels: ChannelRecord[] = (input.channels ?? ["email"]).map((slug) => {
      const [name, description] = CHANNEL_NAMES[slug] ?? [slug, `${slug} alerts`];
      return { id: this.ids.channel++, slug, name, description, enabled: true, created: at, updated: at };
    });
    const team: TeamRecord = {
      id,
      name: input.name,
      created: at,
      updated: at,
      members: new Map(),
      channels,
      monitors: new Set(),
      groups: new Set(),
      incidents: [],
      checks: [],
      checksBody: null,
      availableFeatures: ["keyword-monitoring", "team-management"],
    };
    this.teams.set(id, team);
    return team;
  }

  /** The same token always means the same user (a user may belong to several teams). */
  upsertUser(input: UserInput): UserRecord {
    const known = this.tokens.get(input.token);
    if (known !== undefined) {
      if (input.id !== undefined && input.id !== known) {
        throw new ApiError(409, `Token already belongs to user ${known}, not ${input.id}`);
      }
      return this.users.get(known)!;
    }
    const id = input.id ?? this.ids.user;
    if (this.users.has(id)) throw new ApiError(409, `User ${id} already exists with another token`);
    this.ids.user = Math.max(this.ids.user, id + 1);
    const at = this.clock.now();
    const user: UserRecord = {
      id,
      firstName: input.firstName,
      lastName: input.lastName ?? "",
      email: input.email ?? `${input.firstName.toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${id}@example.com`,
      phone: input.phone ?? "",
      timeZone: input.timeZone ?? "UTC",
      silentStart: "22:00",
      silentEnd: "07:00",
      lang: "en",
      country: input.country ?? "US",
      token: input.token,
      password: input.password ?? "password",
      teams: new Map(),
      created: at,
      updated: at,
    };
    this.users.set(id, user);
    this.tokens.set(input.token, id);
    return user;
  }

  addMember(team: TeamRecord, user: UserRecord, role: Role): void {
    if (role === "owner") {
      // The reference: a team has exactly one owner; a second owner demotes the first to regular.
      for (const [uid, r] of team.members) {
        if (r === "owner" && uid !== user.id) {
          team.members.set(uid, "regular");
          this.users.get(uid)?.teams.set(team.id, "regular");
        }
      }
    }
    team.members.set(user.id, role);
    user.teams.set(team.id, role);
  }

  /** The user leaves the team (team management's "remove a user"); an owner cannot leave their own team. */
  removeMember(team: TeamRecord, user: UserRecord): void {
    if (team.members.get(user.id) === "owner")
      throw new ApiError(409, "The owner cannot be removed from their team");
    team.members.delete(user.id);
    user.teams.delete(team.id);
  }

  /** Deletes the user; teams they own go with them (their members lose access). */
  deleteUser(user: UserRecord): void {
    for (const [teamId, role] of user.teams) {
      const team = this.teams.get(teamId);
      if (!team) continue;
      if (role === "owner") this.deleteTeam(team);
      else team.members.delete(user.id);
    }
    this.tokens.delete(user.token);
    this.users.delete(user.id);
  }

  private deleteTeam(team: TeamRecord): void {
    for (const id of [...team.monitors]) {
      const m = this.monitors.get(id);
      if (m) this.deleteMonitor(m);
    }
    for (const uid of team.members.keys()) this.users.get(uid)?.teams.delete(team.id);
    this.teams.delete(team.id);
  }

  createMonitor(
    team: TeamRecord,
    input: MonitorInput,
    extra: { id?: number; paused?: boolean; probe?: boolean; at?: number } = {},
  ): MonitorRecord {
    const id = extra.id ?? this.ids.monitor;
    if (this.monitors.has(id)) throw new ApiError(409, `Monitor ${id} already exists`);
    this.ids.monitor = Math.max(this.ids.monitor, id + 1);
    const at = extra.at ?? this.clock.now();
    const count = 2 + (id % 2);
    const locations = Array.from({ length: count }, (_, i) => LOCATIONS[(id + i) % LOCATIONS.length]!.id);
    const baseLatency =
      input.kind === "tcp_port" ? 4 + Math.round(this.random() * 40) : 60 + Math.round(this.random() * 300);
    const m: MonitorRecord = {
      id,
      teamId: team.id,
      ...input,
      paused: extra.paused ?? false,
      state: null,
      created: at,
      updated: at,
      probe: extra.probe ?? false,
      locations,
      baseLatency,
      forced: null,
      slowMs: null,
      openIncident: null,
      incidents: [],
      recentChecks: [],
      hourly: new Map(),
      daily: new Map(),
      // A new monitor is pending until its first check, which comes within about 2 s (not scaled).
      nextCheckAt: at + 1000 + ((id * 97) % 1000),
      probing: false,
    };
    this.monitors.set(id, m);
    team.monitors.add(id);
    if (m.group) team.groups.add(m.group);
    return m;
  }

  updateMonitor(m: MonitorRecord, patch: Partial<MonitorInput>): void {
    Object.assign(m, patch);
    if (m.group) this.teams.get(m.teamId)?.groups.add(m.group);
    m.updated = this.clock.now();
  }

  setPaused(m: MonitorRecord, paused: boolean): void {
    if (m.paused === paused) return;
    m.paused = paused;
    m.updated = this.clock.now();
    // Resuming checks soon; an incident left open while paused is decided by the next check.
    if (!paused) m.nextCheckAt = this.clock.now() + Math.min(this.periodMs(m), 1000);
  }

  deleteMonitor(m: MonitorRecord): void {
    const team = this.teams.get(m.teamId);
    this.monitors.delete(m.id);
    for (const id of m.incidents) this.incidents.delete(id);
    if (!team) return;
    team.monitors.delete(m.id);
    team.incidents = team.incidents.filter((id) => this.incidents.has(id));
    team.checks = team.checks.filter((c) => c.monitorId !== m.id);
    team.checksBody = null;
  }

  /**
   * Records one check round of a monitor: stores the checks, updates statistics and the state (A4),
   * and opens or closes the incident on a change.
   */
  recordRound(
    m: MonitorRecord,
    at: number,
    down: boolean,
    reason: string | null,
    checks: CheckRecord[],
  ): void {
    const team = this.teams.get(m.teamId);
    if (!team || this.monitors.get(m.id) !== m) return;
    let latSum = 0;
    let latN = 0;
    let m0Sum = 0;
    for (const c of checks) {
      if (c.state === 1) {
        latSum += c.totalDuration;
        m0Sum += c.connect;
        latN++;
      }
    }
    m.recentChecks = newestFirst(checks, m.recentChecks, MONITOR_CHECKS);
    team.checks = newestFirst(checks, team.checks, TEAM_CHECKS);
    team.checksBody = null;
    recordSample(m.hourly, m.daily, at, {
      rounds: 1,
      downRounds: down ? 1 : 0,
      downtime: down ? this.periodMs(m) / 1000 : 0,
      latSum,
      latN,
      m0Sum,
    });
    m.state = down ? -10 : 10;
    if (down && m.openIncident === null) this.openIncident(m, at, reason ?? "Connection timeout");
    if (!down && m.openIncident !== null) this.closeIncident(m, at);
  }

  openIncident(
    m: MonitorRecord,
    started: number,
    reason: string,
    extra: { id?: number; ended?: number; acknowledged?: number } = {},
  ): IncidentRecord {
    const id = extra.id ?? this.ids.incident;
    this.ids.incident = Math.max(this.ids.incident, id + 1);
    const at = extra.ended ?? started;
    const incident: IncidentRecord = {
      id,
      teamId: m.teamId,
      monitorId: m.id,
      started,
      ended: extra.ended ?? null,
      acknowledged: extra.acknowledged ?? null,
      reason,
      maintenance: 0,
      created: started,
      updated: at,
    };
    this.incidents.set(id, incident);
    m.incidents.push(id);
    this.teams.get(m.teamId)?.incidents.push(id);
    if (incident.ended === null) m.openIncident = id;
    return incident;
  }

  private closeIncident(m: MonitorRecord, at: number): void {
    const incident = m.openIncident === null ? undefined : this.incidents.get(m.openIncident);
    m.openIncident = null;
    if (!incident) return;
    incident.ended = at;
    incident.updated = at;
  }

  /** A7: acknowledging twice leaves the first timestamp; an ended incident cannot be acknowledged. */
  acknowledge(incident: IncidentRecord): IncidentRecord {
    if (incident.ended !== null)
      throw new ApiError(422, "The incident has ended and can no longer be acknowledged");
    if (incident.acknowledged === null) {
      incident.acknowledged = this.clock.now();
      incident.updated = incident.acknowledged;
    }
    return incident;
  }

  monitorOrThrow(id: number): MonitorRecord {
    const m = this.monitors.get(id);
    if (!m) throw notFound("Monitor");
    return m;
  }

  /** A4 counters: paused counts paused monitors whatever their last state. */
  counters(team: TeamRecord): { up: number; down: number; paused: number; pending: number } {
    const c = { up: 0, down: 0, paused: 0, pending: 0 };
    for (const id of team.monitors) {
      const m = this.monitors.get(id);
      if (!m) continue;
      if (m.paused) c.paused++;
      else if (m.state === 10) c.up++;
      else if (m.state === -10) c.down++;
      else c.pending++;
    }
    return c;
  }

  teamMonitors(team: TeamRecord): MonitorRecord[] {
    const list: MonitorRecord[] = [];
    for (const id of team.monitors) {
      const m = this.monitors.get(id);
      if (m) list.push(m);
    }
    return list;
  }

  /** A6: newest started first (ties: higher id first). */
  sortedIncidents(ids: number[]): IncidentRecord[] {
    const list: IncidentRecord[] = [];
    for (const id of ids) {
      const i = this.incidents.get(id);
      if (i) list.push(i);
    }
    return list.sort((a, b) => b.started - a.started || b.id - a.id);
  }
}

const byNewest = (a: CheckRecord, b: CheckRecord) =>
  b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** Prepends a round's checks, keeping newest first even when rounds are recorded out of order (seeding, probes). */
function newestFirst(added: CheckRecord[], list: CheckRecord[], max: number): CheckRecord[] {
  const merged = [...added.slice().reverse(), ...list];
  const last = added[0];
  const next = list[0];
  if (last && next && byNewest(last, next) > 0) merged.sort(byNewest);
  return merged.length > max ? merged.slice(0, max) : merged;
}
