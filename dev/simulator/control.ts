import { z } from "zod";
import { seedDemo } from "./demo-seed";
import { ApiError, notFound, schemaError } from "./errors";
import type { FaultInput, Faults } from "./faults";
import type { MonitorRecord, Role } from "./model";
import type { Renderer, Resource } from "./render";
import type { RequestLog, RequestLogEntry } from "./request-log";
import type { ScenarioEngine, ScheduleInput } from "./scenario";
import { applySeed, parseSeed, type SeedInput, type SeedResult } from "./seed";
import type { World } from "./world";

export type { FaultInput } from "./faults";
export type { RequestLogEntry } from "./request-log";
export type { ScheduleInput } from "./scenario";
export type { SeedInput, SeedResult } from "./seed";

/** The programmatic twin of the HTTP control API under /__simulator/. */
export interface SimulatorControl {
  /** Adds teams, users and monitors (POST /__simulator/seed); throws ApiError 400/409 on bad input. */
  seed(input: SeedInput): SeedResult;
  /** Adds the demo world (README); needs an empty simulator (ids are fixed). */
  seedDemo(): SeedResult;
  /** Forgets everything: teams, users, schedules, faults, the request log. */
  reset(): void;
  /** The monitor fails from now until recover(): failing checks, state -10, an open incident (returned). */
  fail(monitorId: number, reason?: string): Resource | null;
  /** Every passing check of the monitor takes about `ms` from now until recover() (`totalDuration`, A5). */
  slow(monitorId: number, ms: number): void;
  /** Ends a fail() or a slow(): passing checks, state 10, the incident ended with its downtime (returned). */
  recover(monitorId: number): Resource | null;
  /** Acknowledges as if someone did it outside the API client (the service's web interface). */
  acknowledge(incidentId: number): Resource;
  /**
   * The user who owns `token` joins team `teamId` with `role` (a team joined after the bot's login); a
   * member already there gets `role` instead (e.g. an owner made read-only).
   */
  addMember(teamId: number, token: string, role: Role): void;
  /** The user who owns `token` is removed from team `teamId` (not its owner): they can no longer read it. */
  removeMember(teamId: number, token: string): void;
  addSchedule(input: ScheduleInput): { id: number };
  clearSchedules(): void;
  /** Every service endpoint answers `status` for a duration or a number of requests (0 = drop). */
  setFault(input: FaultInput): void;
  clearFaults(): void;
  /** What GET /status reports. */
  setServiceStatus(status: "active" | "error", failures?: unknown[]): void;
  /** Moves a manual clock (fixedClock) forward, running the rounds that fall due on the way. */
  advance(ms: number): Promise<void>;
  /** One round of checks now for every active monitor, or for one; resolves with the rounds run. */
  runChecks(monitorId?: number): Promise<number>;
  /** Recent service requests, oldest first. */
  requests(limit?: number): RequestLogEntry[];
  clearRequests(): void;
}

export const scheduleSchema = z.object({
  monitorId: z.number().int().positive(),
  everyMs: z.number().positive(),
  durationMs: z.number().positive(),
  reason: z.string().min(1).max(500).optional(),
});

export class Control implements SimulatorControl {
  constructor(
    private readonly world: World,
    private readonly engine: ScenarioEngine,
    private readonly faults: Faults,
    private readonly log: RequestLog,
    private readonly render: Renderer,
  ) {}

  seed(input: SeedInput): SeedResult {
    return applySeed(this.world, parseSeed(input));
  }

  seedDemo(): SeedResult {
    if (this.world.teams.has(1) || this.world.teams.has(2) || this.world.users.size > 0) {
      throw new ApiError(409, "The demo seed needs an empty simulator (reset first)");
    }
    return seedDemo(this.world, this.engine);
  }

  reset(): void {
    this.engine.clearSchedules();
    this.faults.clear();
    this.world.reset();
    this.log.clear();
  }

  fail(monitorId: number, reason = "Connection timeout"): Resource | null {
    const m = this.world.monitorOrThrow(monitorId);
    this.engine.fail(m, reason);
    return this.openIncident(m);
  }

  slow(monitorId: number, ms: number): void {
    this.engine.slow(this.world.monitorOrThrow(monitorId), ms);
  }

  recover(monitorId: number): Resource | null {
    const m = this.world.monitorOrThrow(monitorId);
    const open = m.openIncident;
    this.engine.recover(m);
    const incident = open === null ? undefined : this.world.incidents.get(open);
    return incident ? this.render.incident(incident) : null;
  }

  private openIncident(m: MonitorRecord): Resource | null {
    const incident = m.openIncident === null ? undefined : this.world.incidents.get(m.openIncident);
    return incident ? this.render.incident(incident) : null;
  }

  addMember(teamId: number, token: string, role: Role): void {
    const team = this.world.teams.get(teamId);
    if (!team) throw notFound("Team");
    const userId = this.world.tokens.get(token);
    const user = userId === undefined ? undefined : this.world.users.get(userId);
    if (!user) throw notFound("User");
    this.world.addMember(team, user, role);
  }

  removeMember(teamId: number, token: string): void {
    const team = this.world.teams.get(teamId);
    if (!team) throw notFound("Team");
    const userId = this.world.tokens.get(token);
    const user = userId === undefined ? undefined : this.world.users.get(userId);
    if (!user) throw notFound("User");
    this.world.removeMember(team, user);
  }

  acknowledge(incidentId: number): Resource {
    const incident = this.world.incidents.get(incidentId);
    if (!incident) throw notFound("Incident");
    return this.render.incident(this.world.acknowledge(incident));
  }

  addSchedule(input: ScheduleInput): { id: number } {
    const parsed = scheduleSchema.safeParse(input);
    if (!parsed.success) throw schemaError(parsed.error, "Invalid schedule");
    return this.engine.addSchedule(parsed.data);
  }

  clearSchedules(): void {
    this.engine.clearSchedules();
  }

  setFault(input: FaultInput): void {
    this.faults.set(input);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  setServiceStatus(status: "active" | "error", failures: unknown[] = []): void {
    this.world.serviceStatus = { status, failures };
  }

  advance(ms: number): Promise<void> {
    return this.engine.advance(ms);
  }

  runChecks(monitorId?: number): Promise<number> {
    return this.engine.runAll(monitorId);
  }

  requests(limit?: number): RequestLogEntry[] {
    return this.log.recent(limit);
  }

  clearRequests(): void {
    this.log.clear();
  }
}
