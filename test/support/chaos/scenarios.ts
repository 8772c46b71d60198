/**
 * The scenarios of the fault suite (issue 10 section 6), one implementation for `npm run chaos` (full
 * size, bench/chaos.ts) and the e2e tests (small size, test/e2e/chaos.test.ts). Each one scripts real
 * outages (the simulator fails and recovers monitors) around a real fault, waits until every expected
 * alert is posted (or a deadline passes), watches a quiet period for late copies, and returns its row.
 */
import { DEFAULT_SHARDS } from "../../../src/store/poll-target-types";
import { countDeadLetters } from "./dead-letters";
import { type ScriptedOutage, type Tally, tally } from "./ledger";
import { type ChaosRow, percentile } from "./report";
import { type ChaosStack, type ChaosTeam, type TeamPlan, until } from "./stack";

export interface ChaosParams {
  /** Subscribed channels of scenarios (a) to (f). */
  channels: number;
  /** (a): how long Slack answers 429 to chat.postMessage/update, and the Retry-After it gives. */
  slack429Ms: number;
  retryAfterSeconds: number;
  /** (b): how long Slack answers 5xx, then how long every post/update stalls, and each stall. */
  slack5xxMs: number;
  stallWindowMs: number;
  stallMs: number;
  /** (c) and (d): how long the API answers 401 (to the poll token) or 500 (to everything). */
  apiFaultMs: number;
  /** (g): subscriptions (channels) of one team, one of them unreadable. */
  corruptAmong: number;
  /** (h): subscribed channels, one of them archived. */
  archivedAmong: number;
  /** How long to wait for the expected alerts after the script. */
  settleMs: number;
  /** Then how long to watch for late copies and false alerts. */
  quietMs: number;
}

/** `npm run chaos`: the sizes and fault windows of issue 10 section 6. */
export const FULL_SIZE: ChaosParams = {
  channels: 4,
  slack429Ms: 20_000,
  retryAfterSeconds: 5,
  slack5xxMs: 15_000,
  stallWindowMs: 20_000,
  stallMs: 15_000,
  apiFaultMs: 30_000,
  corruptAmong: 100,
  archivedAmong: 50,
  settleMs: 90_000,
  quietMs: 10_000,
};

/** The e2e tests: the same scenarios with short windows and few channels. */
export const SMALL_SIZE: ChaosParams = {
  channels: 2,
  slack429Ms: 3_000,
  retryAfterSeconds: 1,
  slack5xxMs: 2_000,
  stallWindowMs: 3_000,
  stallMs: 2_500,
  apiFaultMs: 4_000,
  corruptAmong: 6,
  archivedAmong: 5,
  settleMs: 40_000,
  quietMs: 3_000,
};

/**
 * The bots' Slack timings at small size (SLACK_ALERT_CALL_TIMEOUT_MS, ALERT_POST_SETTLE_MS); full size runs
 * the product's 10 s and 30 s. The order is the product's: a stall of (b) (SMALL_SIZE.stallMs) ends within
 * the call timeout, a post held past the timeout is carried out by the fake Slack after it and must land
 * within the settle, which is longer than both, else the retry would post it twice.
 */
export const SMALL_SLACK_TIMING = { callTimeoutMs: 4_000, postSettleMs: 8_000 } as const;

export type ScenarioId = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h";

export interface Scenario {
  id: ScenarioId;
  title: string;
  /** `key`: the team to plan (default the scenario's letter; another key runs it again on fresh channels). */
  plan(params: ChaosParams, key?: string): TeamPlan;
  run(stack: ChaosStack, params: ChaosParams, key?: string): Promise<ChaosRow>;
}

const MONITORS = 6;
const POSTING = ["chat.postMessage", "chat.update"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

/** One scenario's outages on its team's monitors, and their accounting over the watched channels. */
class Script {
  readonly outages: ScriptedOutage[] = [];
  private readonly byMonitor = new Map<number, ScriptedOutage>();
  readonly notes: string[] = [];

  constructor(
    private readonly stack: ChaosStack,
    readonly team: ChaosTeam,
    /** The channels that must show every alert. */
    readonly expectedIn: readonly string[],
  ) {}

  async fail(monitor: number): Promise<ScriptedOutage> {
    const id = this.team.monitorIds[monitor]!;
    const { incidentId, at } = await this.stack.fail(id);
    const outage = { incidentId, channels: this.expectedIn, failedAt: at, recoveredAt: null };
    this.outages.push(outage);
    this.byMonitor.set(monitor, outage);
    return outage;
  }

  async recover(monitor: number): Promise<void> {
    const outage = this.byMonitor.get(monitor);
    if (!outage) throw new Error(`monitor ${monitor} of ${this.team.key} was not failed`);
    outage.recoveredAt = await this.stack.recover(this.team.monitorIds[monitor]!);
  }

  tally(): Tally {
    return tally(this.outages, this.team.channels, (channel) => this.stack.messages(channel));
  }

  /** Until this outage's root is in every expected channel (the bot knows it is down). */
  async posted(outage: ScriptedOutage, timeoutMs: number): Promise<void> {
    await until(
      `incident ${outage.incidentId} is posted`,
      () =>
        tally([outage], outage.channels, (channel) => this.stack.messages(channel)).posted ===
        outage.channels.length,
      timeoutMs,
    );
  }

  /** Waits for every expected alert (or the deadline), then the quiet period; the final tally. */
  async settle(params: ChaosParams): Promise<Tally> {
    try {
      await until("every expected alert is posted", () => this.tally().lost === 0, params.settleMs, 500);
    } catch {
      this.notes.push(`not every alert was posted within ${params.settleMs / 1000} s`);
    }
    await sleep(Math.max(params.quietMs, 2_000 * this.stack.pollIntervalSeconds));
    const result = this.tally();
    if (result.rollups > 0) this.notes.push(`${result.rollups} storm roll-ups posted`);
    return result;
  }
}

async function row(
  stack: ChaosStack,
  id: ScenarioId,
  title: string,
  script: Script,
  final: Tally,
  faultHits: number,
  extra: Partial<ChaosRow> = {},
): Promise<ChaosRow> {
  const dead = stack.bots.filter((bot) => bot.exited()).map((bot) => bot.name);
  const notes = [...script.notes, ...(extra.notes ?? [])];
  if (dead.length > 0) notes.push(`exited: ${dead.join(", ")}`);
  notes.push(`fault met ${faultHits} times`);
  return {
    id,
    title,
    tally: final,
    paused: await stack.pausedCount(script.team.channels),
    faultHits,
    ...extra,
    notes,
  };
}

/** (c) and (d): an incident known before the fault stays down through it; another opens during it. */
async function apiOutage(
  stack: ChaosStack,
  params: ChaosParams,
  script: Script,
  fault: { status: number; token?: string },
): Promise<number> {
  const poll = stack.pollIntervalSeconds * 1000;
  const before = await script.fail(0);
  await script.posted(before, 30_000);
  await stack.apiFault({ ...fault, durationMs: params.apiFaultMs });
  const t0 = Date.now();
  await sleepUntil(t0 + params.apiFaultMs / 2);
  await script.fail(1);
  await sleepUntil(t0 + params.apiFaultMs + 500);
  const hits = await stack.apiAnswers(t0, fault.status);
  await script.recover(0);
  await script.recover(1);
  await script.fail(2);
  await sleep(2 * poll);
  await script.recover(2);
  return hits;
}

const plain = (id: ScenarioId) => (params: ChaosParams, key?: string) => ({
  key: key ?? id,
  channels: params.channels,
  monitors: MONITORS,
});

export const scenarios: Scenario[] = [
  {
    id: "a",
    title: "Slack 429 on post/update",
    plan: plain("a"),
    async run(stack, params, key) {
      const team = stack.team(key ?? "a");
      await stack.subscribe(team);
      const script = new Script(stack, team, team.channels);
      await stack.slackFault({
        kind: "ratelimited",
        methods: POSTING,
        durationMs: params.slack429Ms,
        retryAfterSeconds: params.retryAfterSeconds,
      });
      const t0 = Date.now();
      await script.fail(0);
      await script.fail(1);
      await sleepUntil(t0 + params.slack429Ms / 2);
      await script.recover(0);
      await script.fail(2);
      await sleepUntil(t0 + params.slack429Ms + 500);
      await script.recover(1);
      await script.recover(2);
      const hits = stack.slackAnswers(t0, (call) => call.status === 429);
      return row(stack, "a", this.title, script, await script.settle(params), hits);
    },
  },
  {
    id: "b",
    title: "Slack 5xx, then stalls",
    plan: plain("b"),
    async run(stack, params, key) {
      const team = stack.team(key ?? "b");
      await stack.subscribe(team);
      const script = new Script(stack, team, team.channels);
      await stack.slackFault({ kind: "server_error", methods: POSTING, durationMs: params.slack5xxMs });
      const t0 = Date.now();
      await script.fail(0);
      await script.fail(1);
      await sleepUntil(t0 + params.slack5xxMs);
      await stack.slackFault({
        kind: "stall",
        methods: POSTING,
        durationMs: params.stallWindowMs,
        stallMs: params.stallMs,
      });
      await script.recover(0);
      await script.fail(2);
      await sleepUntil(t0 + params.slack5xxMs + params.stallWindowMs + 500);
      await script.recover(1);
      await script.recover(2);
      // The 5xx answers and the held calls (answered as usual, only late); collected after the settle,
      // since a call held when the script ends is recorded when it is answered.
      const final = await script.settle(params);
      const hits = stack.slackAnswers(t0, (call) => call.status >= 500 || call.stalled);
      return row(stack, "b", this.title, script, final, hits);
    },
  },
  {
    id: "c",
    title: "API 401 to the poll token",
    plan: plain("c"),
    async run(stack, params, key) {
      const team = stack.team(key ?? "c");
      await stack.subscribe(team);
      const script = new Script(stack, team, team.channels);
      const hits = await apiOutage(stack, params, script, { status: 401, token: team.token });
      const final = await script.settle(params);
      return row(stack, "c", this.title, script, final, hits, { linkKept: await stack.linkKept(team) });
    },
  },
  {
    id: "d",
    title: "API 500",
    plan: plain("d"),
    async run(stack, params, key) {
      const team = stack.team(key ?? "d");
      await stack.subscribe(team);
      const script = new Script(stack, team, team.channels);
      const hits = await apiOutage(stack, params, script, { status: 500 });
      return row(stack, "d", this.title, script, await script.settle(params), hits);
    },
  },
  {
    id: "e",
    title: "Redis restart",
    plan: plain("e"),
    async run(stack, params, key) {
      const team = stack.team(key ?? "e");
      await stack.subscribe(team);
      const script = new Script(stack, team, team.channels);
      const poll = stack.pollIntervalSeconds * 1000;
      await script.fail(0);
      await script.fail(1);
      await sleep(poll);
      const away = await stack.redis.restart();
      await script.recover(0);
      await script.fail(2);
      await sleep(2 * poll);
      await script.recover(1);
      await script.recover(2);
      return row(stack, "e", this.title, script, await script.settle(params), away > 0 ? 1 : 0, {
        notes: [`Redis away ${away} ms`],
      });
    },
  },
  {
    id: "f",
    title: "SIGKILL of 1 of 3 processes",
    plan: plain("f"),
    async run(stack, params, key) {
      const team = stack.team(key ?? "f");
      await stack.subscribe(team);
      const script = new Script(stack, team, team.channels);
      const alive = stack.bots.filter((bot) => !bot.exited());
      const notes = alive.length < 3 ? [`only ${alive.length} processes were running`] : [];
      const victim = alive.at(-1);
      const poll = stack.pollIntervalSeconds * 1000;
      await script.fail(0);
      await script.fail(1);
      await sleep(500);
      let killed = 0;
      if (victim && alive.length > 1) {
        await victim.kill();
        killed = 1;
      }
      await script.fail(2);
      await sleep(poll);
      await script.recover(0);
      await script.fail(3);
      await sleep(2 * poll);
      for (const monitor of [1, 2, 3]) await script.recover(monitor);
      return row(stack, "f", this.title, script, await script.settle(params), killed, { notes });
    },
  },
  {
    id: "g",
    title: "1 unreadable subscription of N",
    plan: (params, key) => ({ key: key ?? "g", channels: params.corruptAmong, monitors: MONITORS }),
    async run(stack, params, key) {
      const team = stack.team(key ?? "g");
      await stack.subscribe(team);
      const poisoned = team.channels.at(-1)!;
      const [id] = await stack.subscriptionIds(poisoned);
      if (!id) throw new Error(`no subscription in ${poisoned}`);
      // A record this version cannot read, as a newer version could have written it.
      const poison = JSON.stringify({ v: 2, id, channel: { id: poisoned }, written: "by a newer version" });
      await stack.client.hset(stack.keys.subscription(id), "sub", poison);
      const good = team.channels.slice(0, -1);
      const script = new Script(stack, team, good);
      // The bots run with the scheduler's default shard count.
      const deadBefore = await countDeadLetters(stack.client, stack.keys, DEFAULT_SHARDS);
      // One alert (the incident opens and stays open): each outbox event that meets the unreadable
      // record is one dead letter, so a recovery would make it two.
      await script.fail(0);
      const final = await script.settle(params);
      const delivered = good.filter(
        (channel) => tally(script.outages, [channel], (c) => stack.messages(c)).posted > 0,
      ).length;
      const deadLetters = (await countDeadLetters(stack.client, stack.keys, DEFAULT_SHARDS)) - deadBefore;
      // The poisoned record stayed in place through the run (nothing rewrote or removed it).
      const hits = (await stack.client.hget(stack.keys.subscription(id), "sub")) === poison ? 1 : 0;
      return row(stack, "g", `1 unreadable subscription of ${team.channels.length}`, script, final, hits, {
        delivered: { got: delivered, of: good.length },
        deadLetters,
      });
    },
  },
  {
    id: "h",
    title: "1 archived channel of N",
    plan: (params, key) => ({ key: key ?? "h", channels: params.archivedAmong, monitors: MONITORS }),
    async run(stack, params, key) {
      const team = stack.team(key ?? "h");
      await stack.subscribe(team);
      const [archived, ...others] = team.channels;
      await stack.archiveChannel(archived!);
      const t0 = Date.now();
      const script = new Script(stack, team, others);
      const poll = stack.pollIntervalSeconds * 1000;
      await script.fail(0);
      await sleep(3 * poll);
      await script.fail(1);
      await sleep(2 * poll);
      await script.recover(0);
      await script.recover(1);
      const final = await script.settle(params);
      const archivedPaused = await stack.pausedCount([archived!]);
      const delays = final.delaysMs;
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const hits = stack.slackAnswers(t0, (call) => call.error === "is_archived");
      return row(stack, "h", `1 archived channel of ${team.channels.length}`, script, final, hits, {
        notes: [
          `the archived channel's subscription is ${archivedPaused > 0 ? "" : "not "}paused`,
          `other channels' delays: p50 ${s(percentile(delays, 50))}, max ${s(Math.max(...delays))}`,
        ],
      });
    },
  },
];

/** The scenarios to run, in run order: (f) last, since it leaves one process fewer. */
export function selectScenarios(ids: readonly string[]): Scenario[] {
  const unknown = ids.filter((id) => !scenarios.some((s) => s.id === id));
  if (unknown.length > 0)
    throw new Error(
      `Unknown scenario ${unknown.join(", ")}. Known: ${scenarios.map((s) => s.id).join(", ")}`,
    );
  const chosen = ids.length === 0 ? scenarios : scenarios.filter((s) => ids.includes(s.id));
  return [...chosen.filter((s) => s.id !== "f"), ...chosen.filter((s) => s.id === "f")];
}
