import type { Clock } from "../../src/lib/clock";
import type { Logger } from "../../src/lib/logger";
import { ApiError } from "./errors";
import { type CheckRecord, LOCATIONS, type MonitorRecord } from "./model";
import { type ProbeResult, probeHttp, probeTcp } from "./probes";
import type { World } from "./world";

export interface ScheduleInput {
  monitorId: number;
  /** The monitor fails every everyMs (scaled by timeScale), the first time everyMs after the schedule starts. */
  everyMs: number;
  /** Each outage lasts durationMs (scaled). */
  durationMs: number;
  reason?: string;
}

interface Schedule extends ScheduleInput {
  id: number;
  start: number;
  every: number;
  duration: number;
  /** Whether the last look found this schedule in an outage; a change triggers a round at once. */
  active: boolean;
}

/** Whether `at` falls in one of the schedule's outages: the k-th (k >= 1) starts k * every after its start and lasts duration. */
function inOutage(s: Schedule, at: number): boolean {
  const elapsed = at - s.start;
  return elapsed >= s.every && elapsed % s.every < s.duration;
}

/** A clock the engine may move: fixedClock from src/lib/clock. */
type ManualClock = Clock & { set(ms: number): void };
const isManual = (c: Clock): c is ManualClock => typeof (c as Partial<ManualClock>).set === "function";

const TICK_MS = 200;
const LOCATION_OFFSET = new Map(LOCATIONS.map((l) => [l.id, l.latencyOffset]));

/**
 * Produces check rounds: at each monitor's interval (scaled), when a schedule starts or ends an outage,
 * and on demand (control API). A round is all the monitor's locations checked at once.
 */
export class ScenarioEngine {
  private timer: NodeJS.Timeout | null = null;
  private readonly schedules = new Map<number, Schedule>();
  private nextScheduleId = 1;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly world: World,
    private readonly options: { autoChecks: boolean; probes: boolean; timeScale: number; logger: Logger },
  ) {}

  get clock(): Clock {
    return this.world.clock;
  }

  /** A real-time ticker only for a real clock; a manual clock moves by advance() alone (deterministic tests). */
  start(): void {
    if (!this.options.autoChecks || isManual(this.clock) || this.timer) return;
    this.timer = setInterval(() => void this.runDue(this.clock.now()), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.abort.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  addSchedule(input: ScheduleInput): { id: number } {
    const m = this.world.monitorOrThrow(input.monitorId);
    const every = Math.max(1, Math.round(input.everyMs / this.options.timeScale));
    const duration = Math.max(1, Math.round(input.durationMs / this.options.timeScale));
    if (duration >= every) throw new ApiError(400, "durationMs must be shorter than everyMs");
    const id = this.nextScheduleId++;
    this.schedules.set(id, {
      ...input,
      monitorId: m.id,
      id,
      start: this.clock.now(),
      every,
      duration,
      active: false,
    });
    return { id };
  }

  clearSchedules(): void {
    this.schedules.clear();
  }

  /** The schedule outage covering `at`, if any. */
  private scheduled(monitorId: number, at: number): { reason: string } | null {
    for (const s of this.schedules.values()) {
      if (s.monitorId === monitorId && inOutage(s, at)) return { reason: s.reason ?? "Connection timeout" };
    }
    return null;
  }

  /** Runs the rounds that are due at `now`, and a round for every schedule that changed its outage. */
  runDue(now: number): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const s of this.schedules.values()) {
      const m = this.world.monitors.get(s.monitorId);
      if (!m) {
        this.schedules.delete(s.id);
        continue;
      }
      const active = inOutage(s, now);
      if (active === s.active) continue;
      s.active = active;
      if (m.paused || m.forced) continue;
      const p = this.round(m, now);
      if (p) pending.push(p);
    }
    for (const m of this.world.monitors.values()) {
      if (m.paused || m.nextCheckAt > now) continue;
      const p = this.round(m, now);
      if (p) pending.push(p);
    }
    return pending.length ? Promise.all(pending).then(() => undefined) : Promise.resolve();
  }

  /** One round for one monitor; returns a promise only when a real probe is under way. */
  round(m: MonitorRecord, at: number): Promise<void> | undefined {
    const period = this.world.periodMs(m);
    m.nextCheckAt = m.nextCheckAt + period > at ? m.nextCheckAt + period : at + period;
    const cause = m.forced ?? this.scheduled(m.id, at);
    if (cause) {
      this.world.recordRound(m, at, true, cause.reason, this.syntheticChecks(m, at, cause.reason));
      return undefined;
    }
    if (this.options.probes && m.probe) return this.probeRound(m);
    this.world.recordRound(m, at, false, null, this.syntheticChecks(m, at, null));
    return undefined;
  }

  private probeRound(m: MonitorRecord): Promise<void> | undefined {
    if (m.probing) return undefined;
    m.probing = true;
    const timeoutMs = Math.min(
      (m.settings.timeout ?? 10) * 1000,
      Math.max(1000, this.world.periodMs(m) - 100),
    );
    const signal = this.abort.signal;
    const probe =
      m.kind === "tcp_port"
        ? probeTcp(m.settings.host ?? "", m.settings.port ?? 0, timeoutMs, signal)
        : probeHttp(m.settings.url ?? "", m.settings.keywordBody, timeoutMs, signal);
    const done: Promise<void> = probe
      .then((r) => {
        m.probing = false;
        if (signal.aborted || m.paused || this.world.monitors.get(m.id) !== m) return;
        const at = this.clock.now();
        // A fail or a schedule that began while the probe ran has already recorded its own round.
        if (m.forced || this.scheduled(m.id, at)) return;
        this.world.recordRound(m, at, !r.ok, r.error, this.probeChecks(m, at, r));
      })
      .catch((e: unknown) => {
        m.probing = false;
        this.options.logger.warn({ err: e, monitorId: m.id }, "simulator probe failed unexpectedly");
      })
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
    return done;
  }

  /** Runs one round of every active monitor now (or of one monitor); resolves when probes have answered. */
  async runAll(monitorId?: number): Promise<number> {
    const now = this.clock.now();
    const list =
      monitorId === undefined ? [...this.world.monitors.values()] : [this.world.monitorOrThrow(monitorId)];
    const pending: Promise<void>[] = [];
    let rounds = 0;
    for (const m of list) {
      if (m.paused) continue;
      rounds++;
      const p = this.round(m, now);
      if (p) pending.push(p);
    }
    await Promise.all(pending);
    return rounds;
  }

  /**
   * Moves a manual clock forward, stopping at every due round and schedule edge on the way so that
   * each round is stamped with its own time.
   */
  async advance(ms: number): Promise<void> {
    const clock = this.clock;
    if (!isManual(clock))
      throw new ApiError(409, "The simulator runs on a real clock; advance needs a manual clock");
    if (!Number.isFinite(ms) || ms < 0) throw new ApiError(400, "ms must be a non-negative number");
    const target = clock.now() + ms;
    if (this.options.autoChecks) {
      for (let guard = 0; guard < 100_000; guard++) {
        const next = this.nextEventAt(clock.now());
        if (next === null || next > target) break;
        clock.set(Math.max(next, clock.now()));
        await this.runDue(clock.now());
      }
    }
    clock.set(target);
    if (this.options.autoChecks) await this.runDue(target);
  }

  private nextEventAt(now: number): number | null {
    let next: number | null = null;
    const consider = (t: number) => {
      if (next === null || t < next) next = t;
    };
    for (const m of this.world.monitors.values()) if (!m.paused) consider(Math.max(m.nextCheckAt, now));
    for (const s of this.schedules.values()) {
      const k = Math.floor((now - s.start) / s.every);
      const end = s.start + k * s.every + s.duration;
      if (k >= 1 && end > now) consider(end);
      consider(s.start + (k + 1) * s.every);
    }
    return next;
  }

  fail(m: MonitorRecord, reason: string): void {
    m.forced = { reason };
    if (!m.paused) this.round(m, this.clock.now());
  }

  /** Every passing check takes about `ms` from now until recover(): the monitor stays up, only slow. */
  slow(m: MonitorRecord, ms: number): void {
    m.slowMs = ms;
    if (!m.paused) void this.round(m, this.clock.now());
  }

  recover(m: MonitorRecord): void {
    m.forced = null;
    m.slowMs = null;
    if (!m.paused) void this.round(m, this.clock.now());
  }

  /** Plausible, seed-deterministic checks for one round; a failing round fails at every location. */
  private syntheticChecks(m: MonitorRecord, at: number, failure: string | null): CheckRecord[] {
    const rnd = this.world.random;
    return m.locations.map((location) => {
      const base = m.baseLatency + (LOCATION_OFFSET.get(location) ?? 0);
      if (failure === null) {
        // Slowed: never under the set time, so that a test's threshold below it always sees it slow.
        const total =
          m.slowMs !== null
            ? m.slowMs + Math.round(rnd() * m.slowMs * 0.1)
            : Math.max(1, Math.round(base * (0.8 + rnd() * 0.4)));
        return this.check(m, at, location, 200, 1, null, total, Math.round(total * (0.25 + rnd() * 0.15)));
      }
      const timeout = /timeout|timed out/i.test(failure);
      const code = /\b([45]\d\d)\b/.exec(failure);
      const status = timeout || m.kind === "tcp_port" ? 0 : code ? Number(code[1]) : 503;
      const total = timeout ? (m.settings.timeout ?? 30) * 1000 : Math.round(base * (0.5 + rnd()));
      return this.check(
        m,
        at,
        location,
        status,
        -1,
        failure,
        total,
        timeout ? total : Math.round(total * 0.3),
      );
    });
  }

  private probeChecks(m: MonitorRecord, at: number, r: ProbeResult): CheckRecord[] {
    return m.locations.map((location) => {
      // A slowed monitor's probe answered as fast as its target does: the check reports the set time.
      const measured = r.ok && m.slowMs !== null ? Math.max(m.slowMs, r.durationMs) : r.durationMs;
      const total = Math.max(1, measured + Math.round(this.world.random() * 5));
      const state = r.ok ? 1 : -1;
      return this.check(
        m,
        at,
        location,
        r.status,
        state,
        r.ok ? null : r.error,
        total,
        Math.round(total * 0.3),
      );
    });
  }

  private check(
    m: MonitorRecord,
    at: number,
    location: string,
    status: number,
    state: 1 | -1,
    error: string | null,
    totalDuration: number,
    connect: number,
  ): CheckRecord {
    return {
      id: this.world.checkId(at),
      monitorId: m.id,
      status,
      state,
      location,
      created: at,
      error,
      totalDuration,
      connect,
    };
  }
}
