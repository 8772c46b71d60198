import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type RunningSimulator, startSimulator } from "../../../dev/simulator/index";
import { ClaimHolds } from "../../../src/alerts/engine/poll/claim-holds";
import { type Detector, UNCHANGED } from "../../../src/alerts/engine/poll/detector";
import { PollApiCache } from "../../../src/alerts/engine/poll/poll-api-cache";
import { type PollOnceDeps, pollOnce } from "../../../src/alerts/engine/poll/poll-once";
import { ClaimCache } from "../../../src/alerts/engine/poll/poll-state";
import { addPollTarget, type PollTargetMeta, tokenHash } from "../../../src/alerts/engine/poll/poll-target";
import { PollWorker, type PollWorkerOptions } from "../../../src/alerts/engine/poll/poll-worker";
import type { ConfirmedRejection } from "../../../src/alerts/engine/poll/rejection-commit";
import {
  decodeDeliverableEvent,
  decodePollState,
  POLL_DETECTORS,
  type PollState,
} from "../../../src/alerts/kinds/registry";
import type { PollErrorKind, PollOutcome } from "../../../src/alerts/metrics";
import type { IncidentSnapshot, OutboxEvent } from "../../../src/alerts/model";
import { fixedClock } from "../../../src/lib/clock";
import { createLogger, silentLogger } from "../../../src/lib/logger";
import { keyspace } from "../../../src/store/keys";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import type { ClaimedTarget } from "../../../src/store/poll-target-types";
import { UptimeClient } from "../../../src/uptime";
import { testRedis } from "../../support/redis";
import { monitorRedis } from "../../support/redis-monitor";

const OWNER = "demo-owner-token";
const START = Date.parse("2026-03-10T12:00:00Z");
const INTERVAL = 5_000;
const LEASE = 20_000;
const SHARDS = 4;

let sim: RunningSimulator;
let client: UptimeClient;
let clock: ReturnType<typeof fixedClock>;

beforeAll(async () => {
  clock = fixedClock(START);
  sim = await startSimulator({ seed: "demo", clock, autoChecks: false });
  // The scheduler's backoff is the poller's retry: the client must not retry on its own.
  client = new UptimeClient({ baseUrl: sim.url, retry: { retries: 0 } });
});

afterAll(async () => {
  await client.close();
  await sim.close();
});

beforeEach(() => {
  sim.control.reset();
  sim.control.seedDemo();
  sim.control.clearRequests();
});

interface Recorded {
  baselines: { target: string; open: IncidentSnapshot[] }[];
  rejected: { target: string; reason: string }[];
  outcomes: PollOutcome[];
  errors: PollErrorKind[];
  takeovers: number;
  events: string[];
}

function setup(tokens: Record<string, string> = { U1: OWNER }) {
  const { redis, prefix } = testRedis();
  const keys = keyspace(prefix);
  const scheduler = new PollTargetStore({ redis, keys, shards: SHARDS });
  const seen: Recorded = { baselines: [], rejected: [], outcomes: [], errors: [], takeovers: 0, events: [] };
  const resolveToken = async (meta: PollTargetMeta) => tokens[meta.tokenRef.userId] ?? null;
  const metrics = {
    poll: (o: PollOutcome) => seen.outcomes.push(o),
    pollError: (k: PollErrorKind) => seen.errors.push(k),
    alertEvent: (t: string) => seen.events.push(t),
    leaseTakeover: () => {
      seen.takeovers++;
    },
  };
  const hooks = {
    onBaseline: (target: string, open: IncidentSnapshot[]) => {
      seen.baselines.push({ target, open });
    },
    onTokenRejected: async (rejection: ConfirmedRejection) => {
      seen.rejected.push({ target: rejection.target, reason: rejection.kind });
      return "paused" as const;
    },
  };
  const worker = (options: Partial<PollWorkerOptions> = {}) =>
    new PollWorker({
      scheduler,
      client,
      resolveToken,
      hooks,
      detectors: POLL_DETECTORS,
      metrics,
      clock,
      pollIntervalMs: INTERVAL,
      leaseMs: LEASE,
      idleMaxMs: 20,
      idleMinMs: 5,
      random: () => 0.5,
      ...options,
    });
  const deps = (): PollOnceDeps => ({
    scheduler,
    apis: new PollApiCache({ client, resolveToken, clock }),
    clock,
    timing: { intervalMs: INTERVAL, random: () => 0.5 },
    budgetMs: LEASE / 2,
    metrics,
    logger: silentLogger,
    hooks,
    detectors: POLL_DETECTORS,
  });
  const add = (apiTeamId: string, token = OWNER, userId = "U1") =>
    addPollTarget(
      scheduler,
      { apiTeamId, token, tokenRef: { teamId: "T1", userId }, subscriber: `sub-${apiTeamId}-${userId}` },
      clock.now(),
    );
  const outbox = async (): Promise<OutboxEvent[]> => {
    const all: OutboxEvent[] = [];
    for (let shard = 0; shard < SHARDS; shard++) {
      for (const [, fields] of await redis.xrange(scheduler.outboxKey(shard), "-", "+")) {
        const at = fields.indexOf("event");
        all.push(decodeDeliverableEvent(fields[at + 1]) as OutboxEvent);
      }
    }
    return all;
  };
  return { redis, prefix, scheduler, seen, worker, deps, add, outbox };
}

/** Every command sent to Redis that names a key of this prefix (MONITOR), until stop(). */
async function watchCommands(prefix: string): Promise<{ stop(): Promise<string[]> }> {
  // MONITOR watches one server: this file runs in the single-Redis project only (vitest.config.ts).
  const { redis, url } = testRedis();
  const marker = `${prefix}end-of-watch`;
  const seen: string[] = [];
  let ended!: () => void;
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const monitor = await monitorRedis(url, ({ args, source }) => {
    const line = args.join(" ");
    if (line.includes(marker)) ended();
    // Commands a script runs show up too (source "lua"): only round trips count.
    else if (source !== "lua" && line.includes(prefix)) seen.push(line);
  });
  return {
    async stop() {
      // MONITOR streams in order: once the marker shows, every earlier command has been seen.
      await redis.exists(marker);
      await end;
      monitor.close();
      return seen;
    },
  };
}

/** Moves the shared clock (simulator and poller) by one poll interval, or more. */
async function tick(ms = INTERVAL): Promise<void> {
  await sim.control.advance(ms);
}

describe("poller against the simulator", () => {
  it("announces an outage that began between the subscribe reply and the first poll", async () => {
    const { worker, outbox, scheduler, seen } = setup();
    // What the subscribe reply read: page 1 of team 2's incidents, at this moment.
    const page = await client.as(OWNER).teams.incidents("2");
    const target = await addPollTarget(
      scheduler,
      {
        apiTeamId: "2",
        token: OWNER,
        tokenRef: { teamId: "T1", userId: "U1" },
        subscriber: "sub-between",
        baseline: { at: clock.now(), seen: page.items.map((i) => i.id) },
      },
      clock.now(),
    );
    await tick(1_000);
    const opened = sim.control.fail(14, "HTTP 502"); // Staging API breaks before the first poll
    const w = worker();
    expect((await w.sweep()).map((r) => [r.target, r.outcome])).toEqual([[target, "baseline"]]);
    const events = (await outbox()).filter((e) => e.apiTeamId === "2");
    expect(events.map((e) => [e.type, e.incidentId])).toEqual([["opened", String(opened!.id)]]);
    expect(events[0]!.monitor?.name).toBe("Staging API");
    expect(seen.baselines.map((b) => b.target)).toEqual([target]);
    sim.control.recover(14);
  });

  it("baselines, then turns fail / acknowledge / recover into enriched events, quiet polls in one call", async () => {
    const { worker, add, outbox, seen, scheduler, prefix } = setup();
    const down = sim.control.fail(2, "HTTP 503"); // Web shop is down before the subscription
    const target = await add("1");
    expect(target).toBe(`team:1:${tokenHash(OWNER)}`);
    expect(target).not.toContain(OWNER);
    const w = worker();

    // Baseline: no events; the hook gets what is down now.
    expect((await w.sweep()).map((r) => r.outcome)).toEqual(["baseline"]);
    expect(await outbox()).toEqual([]);
    expect(seen.baselines).toHaveLength(1);
    expect(seen.baselines[0]!.target).toBe(target);
    expect(seen.baselines[0]!.open.map((i) => [i.id, i.monitorId])).toEqual([[String(down!.id), "2"]]);

    // Quiet poll: one API call (the team checks), one Redis command (the commit script) besides the
    // claims, which a batch shares (a sweep claims each shard once).
    await tick();
    sim.control.clearRequests();
    const commands = await watchCommands(prefix);
    expect((await w.sweep()).map((r) => r.outcome)).toEqual(["quiet"]);
    const sent = await commands.stop();
    expect(sim.control.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["GET /teams/1/checks"]);
    expect(sent.filter((c) => c.split(" ").includes(target!))).toHaveLength(1); // the commit
    expect(sent).toHaveLength(SHARDS + 1);
    expect(await outbox()).toEqual([]);

    // Public API fails: one "opened", with the monitor, the failing locations and the team size.
    const opened = sim.control.fail(5, "Connection timeout");
    await tick();
    await w.sweep();
    const [event, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      type: "opened",
      incidentId: String(opened!.id),
      monitorId: "5",
      apiTeamId: "1",
      monitor: { id: "5", name: "Public API", target: "https://api.example.com/v1/health", group: "API" },
      teamMonitorCount: 12,
      teamName: "Acme Production",
      incident: { ended: null, acknowledged: null, maintenance: false, reason: "Connection timeout" },
    });
    expect(event!.failingLocations.length).toBeGreaterThan(0);
    expect(new Set(event!.failingLocations).size).toBe(event!.failingLocations.length);

    // Acknowledged outside Slack: checks do not change, so it shows with the 30 s incident read.
    sim.control.acknowledge(Number(opened!.id));
    await tick(31_000);
    await w.sweep();
    expect((await outbox()).map((e) => e.type)).toEqual(["opened", "acknowledged"]);

    // Recovered after 2 minutes: "resolved" with the end (downtime = ended - started).
    await tick(120_000 - 36_000);
    sim.control.recover(5);
    await tick();
    await w.sweep();
    const events = await outbox();
    expect(events.map((e) => e.type)).toEqual(["opened", "acknowledged", "resolved"]);
    const resolved = events[2]!;
    expect(resolved.monitor?.name).toBe("Public API");
    expect(resolved.failingLocations).toEqual([]);
    expect(resolved.teamMonitorCount).toBeUndefined();
    const downtime = Date.parse(resolved.incident.ended!) - Date.parse(resolved.incident.started);
    expect(downtime).toBe(120_000);
    expect(seen.events).toEqual(["opened", "acknowledged", "resolved"]);

    // The state committed is small and remembers the incident as resolved.
    const info = await scheduler.inspect(target);
    expect(decodePollState(info!.state)!.tracked[String(opened!.id)]?.stage).toBe("resolved");
    expect(info!.failures).toBe(0);
  });

  it("announces an outage that began and ended between two polls with the next poll, not the 30 s read", async () => {
    const { worker, add, outbox } = setup();
    await add("1");
    const w = worker();
    expect((await w.sweep()).map((r) => r.outcome)).toEqual(["baseline"]);
    await tick();
    expect((await w.sweep()).map((r) => r.outcome)).toEqual(["quiet"]);

    // Down for 2 s and up again before the next poll: the latest check of every monitor passes.
    const opened = sim.control.fail(5, "Connection timeout");
    await tick(2_000);
    sim.control.recover(5);
    await tick(INTERVAL - 2_000);
    sim.control.clearRequests();
    expect((await w.sweep()).map((r) => r.outcome)).toEqual(["diffed"]);
    expect(sim.control.requests().some((r) => r.path.startsWith("/teams/1/incidents"))).toBe(true);
    const events = await outbox();
    expect(events.map((e) => [e.type, e.incidentId])).toEqual([
      ["opened", String(opened!.id)],
      ["resolved", String(opened!.id)],
    ]);

    // The failed check is still on the page: the polls after it read the checks alone.
    await tick();
    sim.control.clearRequests();
    expect((await w.sweep()).map((r) => r.outcome)).toEqual(["quiet"]);
    expect(sim.control.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["GET /teams/1/checks"]);
  });

  it("bounds the incident read by what is left of the poll's budget: a read that never answers fails the poll as a timeout", async () => {
    // An API whose checks answer at once (all passed) and whose incidents never answer: a new target's
    // first poll needs its incidents (the baseline), and only the budget ends the wait.
    const hanging = new Set<ServerResponse>();
    const api: Server = createServer((req, res) => {
      if (req.url?.includes("/checks")) {
        res.writeHead(200, { "content-type": "application/vnd.api+json" }).end('{"data":[]}');
      } else {
        hanging.add(res);
      }
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    const slowClient = new UptimeClient({
      baseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      retry: { retries: 0 },
      // Longer than the test's own timeout: only the poll's budget can end the wait.
      timeoutMs: 60_000,
    });
    try {
      const { add, deps, scheduler } = setup();
      const target = await add("1");
      const [claimed] = await scheduler.claim(scheduler.shardOf(target), clock.now(), LEASE, 1, "w1");
      const resolveToken = async () => OWNER;
      const result = await pollOnce(claimed!, {
        ...deps(),
        apis: new PollApiCache({ client: slowClient, resolveToken, clock }),
        budgetMs: 300,
      });
      expect(result).toMatchObject({ target, outcome: "failed", errorKind: "timeout", events: 0 });
      expect(hanging.size).toBe(1);
      // The failure is committed under the lease: no state, one failure, the lease released.
      expect(await scheduler.inspect(target)).toMatchObject({ state: null, failures: 1, leased: false });
    } finally {
      for (const res of hanging) res.destroy();
      await slowClient.close();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });

  it("emits nothing while the API answers 500s, backs off, and reports the outage once the API is back", async () => {
    const { worker, add, outbox, seen, scheduler } = setup();
    const target = await add("1");
    const w = worker();
    await w.sweep(); // baseline

    sim.control.setFault({ status: 500, count: 100 });
    const opened = sim.control.fail(7);
    await tick();
    expect((await w.sweep()).map((r) => r.errorKind)).toEqual(["server"]);
    let info = await scheduler.inspect(target);
    expect(info!.failures).toBe(1);
    const firstRetry = info!.dueAt! - clock.now();
    expect(firstRetry).toBeGreaterThanOrEqual(INTERVAL);

    clock.set(info!.dueAt!);
    await w.sweep();
    info = await scheduler.inspect(target);
    expect(info!.failures).toBe(2);
    expect(info!.dueAt! - clock.now()).toBeGreaterThan(firstRetry);
    expect(await outbox()).toEqual([]);
    expect(seen.errors).toEqual(["server", "server"]);

    sim.control.clearFaults();
    clock.set(info!.dueAt!);
    await w.sweep();
    expect((await outbox()).map((e) => [e.type, e.incidentId])).toEqual([["opened", String(opened!.id)]]);
    expect((await scheduler.inspect(target))!.failures).toBe(0);
  });

  it("a 429 cools down every target polled with that token, in every shard", async () => {
    const { worker, add, scheduler, seen } = setup({ U1: OWNER, U2: "demo-staging-token" });
    const team1 = await add("1");
    const w = worker();
    await w.sweep(); // baseline

    sim.control.setFault({ status: 429, count: 1 }); // the simulator sends Retry-After: 1
    await tick();
    expect((await w.sweep()).map((r) => r.errorKind)).toEqual(["rate_limited"]);
    const until = clock.now() + INTERVAL; // Retry-After 1 s, but never sooner than the interval
    expect((await scheduler.inspect(team1))!.dueAt).toBe(until);

    // The owner is also a member of team 2: its new target (due now) is held back too, unpolled.
    const team2 = await add("2");
    sim.control.clearRequests();
    expect(await w.sweep()).toEqual([]);
    expect(sim.control.requests()).toEqual([]);
    expect((await scheduler.inspect(team2))!.dueAt).toBe(until);

    // A target of another token is not affected.
    const other = await add("2", "demo-staging-token", "U2");
    expect(other).not.toBe(team2);
    expect((await w.sweep()).map((r) => [r.target, r.outcome])).toEqual([[other, "baseline"]]);
    expect(seen.errors).toEqual(["rate_limited"]);
  });

  it("one rejected poll is not a verdict: it is counted in the target's streak and retried, nobody paused", async () => {
    const { worker, add, scheduler, seen, outbox } = setup({ U1: OWNER, U9: "not-a-token" });
    const bad = await add("1", "not-a-token", "U9");
    const gone = await add("2", "unlinked-token", "U8"); // resolveToken finds no link
    const lines: string[] = [];
    const logger = createLogger({
      level: "debug",
      destination: { write: (line: string) => lines.push(line) },
    });
    const results = await worker({ logger }).sweep();
    expect(results.map((r) => r.errorKind).sort()).toEqual(["no_token", "unauthorized"]);
    // Structured JSON logs name the target, never the token.
    const logs = lines.map((line) => JSON.parse(line) as { target?: string; kind?: string });
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target: bad, kind: "unauthorized" }),
        expect.objectContaining({ target: gone, kind: "no_token" }),
      ]),
    );
    expect(lines.join("")).not.toContain("not-a-token");
    expect(seen.rejected).toEqual([]);
    for (const target of [bad, gone]) {
      const info = await scheduler.inspect(target);
      expect(info!.failures).toBe(1);
      expect(info!.rejections).toBe(1);
      expect(info!.paused).toBeNull();
      // The usual backoff, not the 5-minute re-check of a paused target.
      expect(info!.dueAt).toBeGreaterThanOrEqual(clock.now() + INTERVAL);
      expect(info!.dueAt).toBeLessThan(clock.now() + 60_000);
      expect(info!.state).toBeNull();
    }
    expect(await outbox()).toEqual([]);
    expect(seen.baselines).toEqual([]);
  });

  it("two workers never both commit one lease: the stale worker's commit is refused and writes nothing", async () => {
    const { worker, add, scheduler, outbox, seen, deps } = setup();
    const target = await add("1");
    const a = worker({ workerId: "host-a:1:aaa" });
    const b = worker({ workerId: "host-b:2:bbb" });
    await a.sweep(); // baseline by A

    // A claims the target, then stalls past its lease.
    await tick();
    const shard = scheduler.shardOf(target);
    const [claimedByA] = await scheduler.claim(shard, clock.now(), LEASE, 10, a.workerId);
    expect(claimedByA?.target).toBe(target);
    expect(await b.sweep()).toEqual([]); // B cannot take it while A's lease holds

    await tick(LEASE + 1);
    const opened = sim.control.fail(9);
    await tick(1);
    expect((await b.sweep()).map((r) => r.outcome)).toEqual(["diffed"]); // B took over
    expect((await outbox()).map((e) => e.incidentId)).toEqual([String(opened!.id)]);
    const stateAfterB = (await scheduler.inspect(target))!.state;

    // A wakes up and polls with its old lease: same diff, but the commit is refused.
    const late = await pollOnce(claimedByA!, deps());
    expect(late.outcome).toBe("stale");
    expect(seen.takeovers).toBe(1);
    expect((await outbox()).map((e) => e.incidentId)).toEqual([String(opened!.id)]);
    expect((await scheduler.inspect(target))!.state).toBe(stateAfterB);
  });

  it("start() polls due targets and stop() drains: the in-flight poll is committed before it resolves", async () => {
    const { add, scheduler, seen } = setup();
    const target = await add("1");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const w = new PollWorker({
      scheduler,
      client,
      detectors: POLL_DETECTORS,
      clock,
      pollIntervalMs: INTERVAL,
      leaseMs: LEASE,
      idleMaxMs: 20,
      idleMinMs: 5,
      random: () => 0.5,
      resolveToken: async () => {
        calls++;
        entered();
        await gate;
        return OWNER;
      },
      hooks: { onBaseline: (t, open) => void seen.baselines.push({ target: t, open }) },
    });
    w.start();
    await inside;
    expect((await scheduler.inspect(target))!.leased).toBe(true);
    const stopped = w.stop();
    release();
    await stopped;
    expect(w.running).toBe(false);
    expect(calls).toBe(1);
    const info = await scheduler.inspect(target);
    expect(info!.leased).toBe(false);
    expect(decodePollState(info!.state)?.baselined).toBe(true);
    expect(info!.dueAt).toBe(clock.now() + INTERVAL);
    expect(seen.baselines.map((b) => b.target)).toEqual([target]);
  });

  it("start() holds its claims: a quiet poll of a settled target commits nothing, one that outlasts its hold is extended and commits", async () => {
    const { add, scheduler, seen, redis, prefix, worker } = setup();
    const keys = keyspace(prefix);
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    await worker().sweep(); // the baseline, committed under a lease
    const field = (name: string) => redis.hget(keys.pollTarget(shard, target), name);
    const due = async () => Number(await redis.zscore(keys.pollDue(shard), target));
    const baselineCommit = await field("committed");
    expect(baselineCommit).toBeTruthy();
    const until = async (done: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await done()).toBe(true);
    };

    // Quiet: the claim made the target due at its next poll (interval, random 0.5: no jitter) and nothing
    // was written after the poll: the claim's token is still the lease, the last commit the baseline's.
    await tick();
    const quiet = worker();
    quiet.start();
    await until(() => seen.outcomes.includes("quiet"));
    // Held for holdPolls(5 s, 10 %, 20 s) = 2 polls; stopped, the worker lets it go at its next poll.
    expect(await due()).toBe(clock.now() + 2 * INTERVAL);
    await quiet.stop();
    expect(await due()).toBe(clock.now() + INTERVAL);
    expect(await field("lease")).not.toBe("");
    expect(await field("committed")).toBe(baselineCommit);

    // Slow: a 300 ms interval is extended every 90 ms; the poll waits (its token) for well over that. The
    // claim is extended to a lease while it runs, then the quiet poll commits its next due time.
    await tick();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = worker({
      pollIntervalMs: 300,
      resolveToken: async () => {
        await gate;
        return OWNER;
      },
    });
    slow.start();
    await until(async () => (await due()) === clock.now() + LEASE);
    release();
    await until(() => seen.outcomes.filter((o) => o === "quiet").length === 2);
    await slow.stop();
    expect(await field("lease")).toBe("");
    expect(await field("committed")).not.toBe(baselineCommit);
    expect(await due()).toBe(clock.now() + 300);
  });

  it("a held target is polled again by its worker while quiet, without Redis, until the hold ends; an outage ends the hold with its commit", async () => {
    const { add, scheduler, seen, redis, prefix, worker, outbox } = setup();
    const keys = keyspace(prefix);
    const STEP = 300;
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    await worker({ pollIntervalMs: STEP }).sweep(); // the baseline, committed under a lease
    const hash = keys.pollTarget(shard, target);
    const due = async () => Number(await redis.zscore(keys.pollDue(shard), target));
    const epoch = async () => Number(await redis.hget(hash, "epoch"));
    const quiet = () => seen.outcomes.filter((o) => o === "quiet").length;
    const until = async (done: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await done()).toBe(true);
    };
    const checks = () => sim.control.requests().filter((r) => r.path === "/teams/1/checks").length;

    await tick(STEP);
    const claimedAt = clock.now();
    const firstEpoch = await epoch();
    sim.control.clearRequests();
    const commands = await watchCommands(prefix);
    const w = worker({ pollIntervalMs: STEP });
    w.start();
    try {
      // One claim holds the target for holdPolls(300 ms, 10 %, 20 s) = 4 polls, a step apart (random 0.5:
      // no jitter); the worker polls it again each time the shared clock reaches the next step.
      await until(() => quiet() === 1);
      expect(await due()).toBe(claimedAt + 4 * STEP);
      for (let polls = 2; polls <= 4; polls++) {
        await tick(STEP);
        await until(() => quiet() === polls);
      }
      expect(checks()).toBe(4);
      expect(await epoch()).toBe(firstEpoch + 1);
      expect(await due()).toBe(claimedAt + 4 * STEP);
      // No script (commit, extension) named the target: those polls cost Redis nothing of their own. The
      // test's own reads are the rest.
      const sent = (await commands.stop()).filter((c) => c.split(" ").includes(target));
      expect(sent.filter((c) => /^eval/i.test(c))).toEqual([]);
      expect(sent.length).toBeGreaterThan(0);

      // The hold is over: the target is due in Redis, and the next claim polls it.
      await tick(STEP);
      await until(() => quiet() === 5);
      expect(await epoch()).toBe(firstEpoch + 2);
      expect(await due()).toBe(claimedAt + 8 * STEP);

      // An outage seen by a poll of the hold is committed at once, which ends the hold: the target is due
      // a step after that poll, claimed again by whoever comes first.
      await tick(STEP);
      const failedAt = clock.now();
      sim.control.fail(5, "Connection timeout");
      await until(async () => (await outbox()).length === 1);
      expect((await outbox()).map((e) => e.type)).toEqual(["opened"]);
      expect(await redis.hget(hash, "lease")).toBe("");
      expect(await due()).toBe(failedAt + STEP);
      expect(await epoch()).toBe(firstEpoch + 2);
    } finally {
      await w.stop();
    }
  });

  it("a refresh booked after the last poll of a hold is read by that poll, not skipped for 30 s", async () => {
    const { add, scheduler, seen, redis, prefix, worker, outbox } = setup();
    const keys = keyspace(prefix);
    const STEP = 300;
    const down = sim.control.fail(2, "HTTP 503"); // open before the subscription: tracked by the baseline
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    await worker({ pollIntervalMs: STEP }).sweep();
    const until = async (done: () => boolean | Promise<boolean>) => {
      for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
      expect(await done()).toBe(true);
    };
    const polls = () => seen.outcomes.length;

    // The next claim holds the target for 4 polls, a step apart (as above), and its 30 s read falls due
    // between the 4th poll and the end of the hold. Acknowledged outside Slack: no check changes.
    await tick(STEP);
    await redis.hset(keys.pollTarget(shard, target), "refreshAt", clock.now() + 3.5 * STEP);
    sim.control.acknowledge(Number(down!.id));
    const w = worker({ pollIntervalMs: STEP });
    w.start();
    try {
      await until(() => polls() === 2);
      for (let n = 3; n <= 5; n++) {
        await tick(STEP);
        await until(() => polls() === n);
      }
      // Four polls of the hold; the 4th read the incidents. Then the next claim's first poll.
      await tick(STEP);
      await until(() => polls() === 6);
      expect(seen.outcomes.slice(1)).toEqual(["quiet", "quiet", "quiet", "diffed", "quiet"]);
      expect((await outbox()).map((e) => [e.type, e.incidentId])).toEqual([
        ["acknowledged", String(down!.id)],
      ]);
    } finally {
      await w.stop();
      sim.control.recover(2);
    }
  });

  it("the claim books the 30 s incident read: one that finds nothing new writes nothing, an acknowledge shows with the next", async () => {
    const { add, scheduler, redis, prefix, deps } = setup();
    const keys = keyspace(prefix);
    const down = sim.control.fail(2, "HTTP 503"); // tracked, so that the state is more than its defaults
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    const field = (name: string) => redis.hget(keys.pollTarget(shard, target), name);
    const claim = async (holds: number[] = []) => {
      const [[claimed]] = (await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1", holds)) as [
        ClaimedTarget[],
      ];
      return claimed!;
    };
    const first = await claim();
    expect(first.refresh).toBe(true);
    expect((await pollOnce(first, deps())).outcome).toBe("baseline");
    const state = await field("state");

    // Within 30 s: checks only.
    await tick();
    sim.control.clearRequests();
    const quiet = await claim();
    expect(quiet.refresh).toBe(false);
    expect((await pollOnce(quiet, deps())).outcome).toBe("quiet");
    expect(sim.control.requests().map((r) => r.path)).toEqual(["/teams/1/checks"]);

    // 30 s on, held and settled: the incidents are read, nothing changed, and nothing is written.
    await tick(31_000);
    sim.control.clearRequests();
    const refresh = await claim([INTERVAL]);
    expect(refresh).toMatchObject({ refresh: true, settled: true });
    const holds = new ClaimHolds();
    holds.add(refresh, 0);
    const committed = await field("committed");
    expect((await pollOnce(refresh, { ...deps(), holds })).outcome).toBe("diffed");
    expect(sim.control.requests().map((r) => r.path.split("?")[0])).toEqual([
      "/teams/1/checks",
      "/teams/1/incidents",
    ]);
    expect(await field("committed")).toBe(committed);
    expect(await field("state")).toBe(state);

    // An acknowledge changes no check: the next booked read announces it and writes the new state.
    sim.control.acknowledge(Number(down!.id));
    await tick(31_000);
    const next = await claim();
    expect(next.refresh).toBe(true);
    expect((await pollOnce(next, deps())).events).toBe(1);
    expect(await field("state")).not.toBe(state);
  });

  it("a committed state is remembered as the next claim hands it back, equal to what decoding it gives", async () => {
    const { add, scheduler, deps } = setup();
    sim.control.fail(2, "HTTP 503"); // a tracked incident, so that the state holds more than its defaults
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    const claims = new ClaimCache({ detectors: POLL_DETECTORS });
    const [[first]] = (await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1")) as [
      ClaimedTarget[],
    ];
    expect((await pollOnce(first!, { ...deps(), claims })).outcome).toBe("baseline");
    await tick(31_000);
    const [[next]] = (await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1")) as [
      ClaimedTarget[],
    ];
    const remembered = claims.state(target, next!.state) as PollState | null;
    expect(Object.keys(remembered!.tracked)).toHaveLength(1);
    expect(remembered).toEqual(decodePollState(next!.state));
    // The incident read of this poll (30 s on) diffs from the remembered state like from a decoded one.
    expect((await pollOnce(next!, { ...deps(), claims })).outcome).toBe("diffed");
    const stored = (await scheduler.inspect(target))!.state;
    expect(claims.state(target, stored)).toEqual(decodePollState(stored));
  });

  it("a held claim stays open until the poll's commit landed: a commit waiting for its batch is extended, not let go", async () => {
    const { add, scheduler, deps } = setup();
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    const [[held]] = (await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1", [INTERVAL])) as [
      ClaimedTarget[],
    ];
    const holds = new ClaimHolds();
    holds.add(held!, 0);
    const polled = pollOnce(held!, { ...deps(), holds });
    // The baseline's commit has a state and no events: it waits for its batch (QUIET_COMMIT_WINDOW_MS,
    // 100 ms), its claim still open, so that the worker's timer would extend it now.
    while (!sim.control.requests().some((r) => r.path.startsWith("/teams/1/incidents"))) {
      await new Promise((r) => setTimeout(r, 2));
    }
    await new Promise((r) => setTimeout(r, 30));
    const open = holds.takeOlderThan(Number.POSITIVE_INFINITY);
    expect(open).toEqual([held]);
    expect(await scheduler.extend(open, clock.now() + LEASE)).toBe(1);
    // The commit lands after the extension: the target is due at its next poll, not at the lease's end.
    expect((await polled).outcome).toBe("baseline");
    expect(await scheduler.inspect(target)).toMatchObject({ leased: false, dueAt: clock.now() + INTERVAL });
    expect(holds.size).toBe(0);
  });

  it("a held poll of a target that failed before still commits: its failures are reset, its missed refresh read", async () => {
    const { add, scheduler, deps } = setup();
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    const [baseline] = await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1");
    expect((await pollOnce(baseline![0]!, deps())).outcome).toBe("baseline");
    await tick();
    const [failing] = await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1");
    await scheduler.commit(shard, target, failing![0]!.leaseToken, {
      now: clock.now(),
      nextDueAt: clock.now(),
      failures: "increment",
    });

    const [[held]] = (await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1", [INTERVAL])) as [
      ClaimedTarget[],
    ];
    // The failed commit dropped the refresh its claim had booked: this claim books it again.
    expect(held).toMatchObject({
      failures: 1,
      settled: false,
      refresh: true,
      heldUntil: clock.now() + INTERVAL,
    });
    const holds = new ClaimHolds();
    holds.add(held!, 0);
    expect((await pollOnce(held!, { ...deps(), holds })).outcome).toBe("diffed");
    expect(await scheduler.inspect(target)).toMatchObject({ failures: 0, leased: false });
  });

  it("runs a detector it was not written for: its state and outbox entries are committed with the incidents'", async () => {
    const { add, scheduler, redis, deps } = setup();
    /** Counts the polls that read incidents, and says so in the outbox each time. */
    const reads: Detector<{ reads?: number }, number> = {
      name: "reads",
      fields: { reads: z.number().optional() },
      store(state, into) {
        if (state.reads !== undefined) into.reads = state.reads;
      },
      wholeChecks: () => false,
      detect(prev, _checks, incidents) {
        if (incidents === null) return UNCHANGED;
        const n = (prev?.reads ?? 0) + 1;
        return { state: { reads: n }, events: [n], changed: true };
      },
      monitorsToFetch: () => [],
      outbox: (events) => events.map((n) => ({ event: JSON.stringify({ type: "reads", n }) })),
    };
    const detectors = [...POLL_DETECTORS, reads];
    const target = await add("1");
    const shard = scheduler.shardOf(target);
    const claim = async () => {
      const [[claimed]] = (await scheduler.claimShards([shard], clock.now(), LEASE, 10, "w1")) as [
        ClaimedTarget[],
      ];
      return claimed!;
    };
    expect(await pollOnce(await claim(), { ...deps(), detectors })).toMatchObject({
      outcome: "baseline",
      events: 1,
    });
    await tick();
    expect(await pollOnce(await claim(), { ...deps(), detectors })).toMatchObject({
      outcome: "quiet",
      events: 0,
    });
    await tick(31_000);
    expect(await pollOnce(await claim(), { ...deps(), detectors })).toMatchObject({
      outcome: "diffed",
      events: 1,
    });
    const stored = (await scheduler.inspect(target))!.state!;
    expect(JSON.parse(stored)).toMatchObject({ baselined: true, reads: 2 });
    // The incident state reads as ever without the extra detector.
    expect(decodePollState(stored)?.baselined).toBe(true);
    const entries = await redis.xrange(scheduler.outboxKey(shard), "-", "+");
    expect(entries.map(([, fields]) => fields[fields.indexOf("event") + 1])).toEqual([
      '{"type":"reads","n":1}',
      '{"type":"reads","n":2}',
    ]);
  });
});
