/**
 * `npm run bench -- commands`: 500 signed `/uptime status` requests at concurrency 20 through the bot's
 * HTTP endpoint, against the simulator (demo seed). Measures time to ack (the HTTP response) and to the full
 * answer (the response_url post arriving at the fake Slack), next to limits measured in the same run:
 * - the floor app (bench/reference-app.ts): acks, makes the same 4 API calls and posts one line to the
 *   response_url, with no link lookup, no Redis and no rendering (printed as information, and its RSS beside
 *   `bot-rss`, the bot's RSS at the end);
 * - the floor + shares app: the floor, taking the person's fair share and the token's API budget in Redis
 *   (one script each) as every command of the bot must. The goals compare the bot with it:
 *   `commands-vs-floor` (full p50) and `app-cpu-vs-floor` (CPU per command);
 * - the floor + link app: the floor, with the caller's token read from their link in Redis for every command,
 *   as the bot reads it on a Redis Cluster (not judged: what the link read costs; on one Redis the bot keeps
 *   links until Redis says they changed, src/store/tracked-hash-reads.ts);
 * - a no-op Bolt app with the same receiver (acks and does nothing): the best an ack can be (`ack-p99`);
 * - the API calls `status` makes, made directly with the client (shown: the issue-3 ratio, replaced by
 *   the floor, because it left out the response_url POST that every answer makes).
 *
 * Where things run (2 cores): the simulator and the bot (and the reference apps) each in a child process,
 * the fake Slack and the load generator here. The bot runs as `npm start` runs it: the build
 * (bench/compiled.ts) with the start script's node flags, on its own event loop, so the load generator and
 * the fake Slack do not steal its turns, and its CPU and RSS are its own (read from /proc). The reference
 * apps are built and run the same way, so that the comparison is between their own code.
 *
 * Steady state: each of the five runs first sends WARMUP requests that are not measured. V8 needs a
 * couple of thousand passes through the hot paths before they run optimised: with 40, the measured
 * requests still ran half-compiled code (4 calls took 0.8 ms of simulator CPU in the first 1,500 passes,
 * 0.23 ms after), and which run warmed up less decided the ratio. A bot answers commands for days.
 *
 * All of it is CPU-bound on 2 cores (the closed loop sends as fast as answers come back), so each run
 * also prints the CPU each process spent per command: where the cores went.
 */
import { type LocalRedis, startPrivateRedis } from "../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../dev/playground/fake-slack";
import type { ResponseUrlPost } from "../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../dev/simulator";
import { silentLogger } from "../src/lib/logger";
import { generateKey } from "../src/store/crypto/encryption-keys";
import { UptimeClient } from "../src/uptime";
import { type BotProcess, startBotProcess } from "../test/support/bot-process";
import { compiledRuntime } from "./compiled";
import { linkDemoOwner } from "./link-demo-owner";
import {
  cpuMeters,
  fmt,
  goalLine,
  machineLine,
  machineMeter,
  percentile,
  processRssMb,
  runConcurrent,
  unstolen,
} from "./measure";
import { type Child, startReferenceApp, startSimulatorProcess, waitForHttp } from "./processes";
import { REFERENCE_BOT_TOKEN, REFERENCE_SIGNING_SECRET, statusCalls } from "./reference-app";

/** A positive whole number from the environment, or the default; anything else stops the bench, named. */
function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a whole number of at least 1 (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

const TOTAL = 500;
// The goals are defined at concurrency 20; BENCH_CONCURRENCY is for looking at other loads (1: no queueing).
const DEFAULT_CONCURRENCY = 20;
const CONCURRENCY = countFromEnv("BENCH_CONCURRENCY", DEFAULT_CONCURRENCY);
const WARMUP = 2000;
// The machine's other tenants make single runs swing by a third: the five runs alternate, ROUNDS times,
// and the goals are judged on the medians. Nine: with five, two runs of the same code 8 minutes apart
// measured the bot's p50 at 1.46 and 1.01 x the floor's (issue 13).
const ROUNDS = countFromEnv("BENCH_ROUNDS", 9);
const SIGNING_SECRET = REFERENCE_SIGNING_SECRET;
const BOT_TOKEN = REFERENCE_BOT_TOKEN;
/**
 * The people sending: one per command in flight, as concurrency 20 is 20 people at once. (One person
 * sending all of them would measure that person's lane, two answers at a time: uptime-command.ts.)
 */
const USERS = Array.from({ length: CONCURRENCY }, (_, i) => `U0PERSON${String(i).padStart(2, "0")}`);
let turn = 0;
const CHANNEL = "C0GENERAL";

interface CommandRun {
  ack: number[];
  full: number[];
  wallMs: number;
  /** CPU seconds spent during the run by each measured process. */
  cpuSeconds: Record<string, number>;
  rssMb: number;
}

/** The app under test (`app`) and the other processes that share the cores during a run. */
type Pids = { app: number } & Record<string, number>;

/** Sends `total` slash commands through the fake Slack's signed sender; times the ack and the answer. */
async function runCommands(
  slack: FakeSlack,
  pids: Pids,
  text: string,
  total: number,
  waitForAnswer: boolean,
): Promise<CommandRun> {
  interface Arrival {
    at: number;
    post: ResponseUrlPost | undefined;
  }
  const arrivals = new Map<string, Arrival>();
  const waiters = new Map<string, (arrival: Arrival) => void>();
  const onChange = (change: { kind: string; id?: string }) => {
    if (change.kind !== "response_url" || !change.id) return;
    // The fake records the post, then announces it: the last one is this one (no scan of all posts).
    const arrival = { at: performance.now(), post: slack.state.responseUrlPosts.at(-1) };
    const wake = waiters.get(change.id);
    if (wake) wake(arrival);
    else arrivals.set(change.id, arrival);
  };
  slack.events.on("change", onChange);
  const ack: number[] = [];
  const full: number[] = [];
  const cpu = cpuMeters(pids);
  const started = performance.now();
  await runConcurrent(total, CONCURRENCY, async () => {
    const t0 = performance.now();
    const userId = USERS[turn++ % USERS.length]!;
    const result = await slack.sender.slashCommand({ userId, channelId: CHANNEL, text });
    ack.push(performance.now() - t0);
    if (result.status !== 200) throw new Error(`the app answered ${result.status}`);
    if (!waitForAnswer) return;
    const id = result.responseUrl.split("/").pop() ?? "";
    const { at, post } =
      arrivals.get(id) ??
      (await new Promise<Arrival>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no answer within 10 s")), 10_000);
        waiters.set(id, (arrival) => {
          clearTimeout(timer);
          resolve(arrival);
        });
      }));
    arrivals.delete(id);
    waiters.delete(id);
    if (post?.id !== id || post.status !== 200 || JSON.stringify(post.body).includes("went wrong")) {
      throw new Error(`unexpected answer: ${JSON.stringify(post?.body).slice(0, 300)}`);
    }
    full.push(at - t0);
  });
  const wallMs = performance.now() - started;
  slack.events.off("change", onChange);
  return {
    ack: ack.sort((a, b) => a - b),
    full: full.sort((a, b) => a - b),
    wallMs,
    cpuSeconds: cpu(),
    rssMb: processRssMb(pids.app) ?? Number.NaN,
  };
}

/** The same API calls as `/uptime status`, made directly: the limit for the API part of the answer. */
async function directApi(client: UptimeClient, pids: Record<string, number>, total: number): Promise<Run> {
  const api = client.as(DEMO_TOKENS.owner);
  const once = () => statusCalls(api);
  const cpu = cpuMeters(pids);
  const started = performance.now();
  const latencies = await runConcurrent(total, CONCURRENCY, once);
  return { latencies, wallMs: performance.now() - started, cpuSeconds: cpu() };
}

interface Run {
  latencies: number[];
  wallMs: number;
  cpuSeconds: Record<string, number>;
}

interface Round {
  bot: CommandRun;
  noop: CommandRun;
  direct: Run;
  floor: CommandRun;
  floorLink: CommandRun;
  floorShares: CommandRun;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** Each round's numbers, then the goals judged on the medians of the rounds. */
function report(rounds: Round[], finalBotRssMb: number): void {
  const rate = (wallMs: number) => fmt((TOTAL / wallMs) * 1000);
  const cpuPerCommand = (cpu: Record<string, number>) => {
    const ms = (seconds: number) => fmt((seconds * 1000) / TOTAL, 2);
    const total = Object.values(cpu).reduce((a, b) => a + b, 0);
    return `${Object.entries(cpu)
      .map(([name, seconds]) => `${name} ${ms(seconds)}`)
      .join(", ")}; total ${ms(total)}`;
  };
  rounds.forEach(({ bot, noop, direct, floor, floorLink, floorShares }, i) => {
    console.log(`round ${i + 1}:`);
    console.log(line("  bot ack (HTTP response)", bot.ack));
    console.log(line("  bot full (response_url)", bot.full));
    console.log(line("  no-op Bolt ack", noop.ack));
    console.log(line("  direct API (4 calls, ||)", direct.latencies));
    console.log(line("  floor full (response_url)", floor.full));
    console.log(line("  floor + link full", floorLink.full));
    console.log(line("  floor + shares full", floorShares.full));
    console.log(
      `    bot run:    ${rate(bot.wallMs)} commands/s, bot RSS ${fmt(bot.rssMb)} MB; CPU ms per command: ${cpuPerCommand(bot.cpuSeconds)}`,
    );
    console.log(
      `    no-op run:  ${rate(noop.wallMs)} commands/s; CPU ms per command: ${cpuPerCommand(noop.cpuSeconds)}`,
    );
    console.log(
      `    direct run: ${rate(direct.wallMs)} x 4 calls/s; CPU ms per 4 calls: ${cpuPerCommand(direct.cpuSeconds)}`,
    );
    console.log(
      `    floor run:  ${rate(floor.wallMs)} commands/s, floor RSS ${fmt(floor.rssMb)} MB; CPU ms per command: ${cpuPerCommand(floor.cpuSeconds)}`,
    );
    console.log(
      `    floor + link run: ${rate(floorLink.wallMs)} commands/s; CPU ms per command: ${cpuPerCommand(floorLink.cpuSeconds)}`,
    );
    console.log(
      `    floor + shares run: ${rate(floorShares.wallMs)} commands/s; CPU ms per command: ${cpuPerCommand(floorShares.cpuSeconds)}`,
    );
  });
  const of = (pick: (r: Round) => number) => median(rounds.map(pick));
  const ackP99 = of((r) => percentile(r.bot.ack, 99));
  const fullP50 = of((r) => percentile(r.bot.full, 50));
  const noopP50 = of((r) => percentile(r.noop.ack, 50));
  const directP50 = of((r) => percentile(r.direct.latencies, 50));
  const limit = noopP50 + directP50;
  const floorP50 = of((r) => percentile(r.floor.full, 50));
  const floorLinkP50 = of((r) => percentile(r.floorLink.full, 50));
  const appCpu = (run: CommandRun) => (run.cpuSeconds.app ?? Number.NaN) / TOTAL;
  const botCpu = of((r) => appCpu(r.bot));
  const floorCpu = of((r) => appCpu(r.floor));
  const floorLinkCpu = of((r) => appCpu(r.floorLink));
  const floorSharesCpu = of((r) => appCpu(r.floorShares));
  const floorSharesP50 = of((r) => percentile(r.floorShares.full, 50));
  // The goals' floor is the floor + shares app: every command must take the person's fair share and the
  // token's API budget in Redis (so replicas agree), and that app does the same Redis work with nothing else.
  // The bare floor (no Redis at all) is printed beside it as information.
  const vsFloor = fullP50 / floorSharesP50;
  const cpuVsFloor = botCpu / floorSharesCpu;
  console.log(`medians of ${rounds.length} rounds:`);
  console.log(
    `  bot full p50 ${fmt(fullP50, 1)} ms, floor + shares full p50 ${fmt(floorSharesP50, 1)} ms (bare floor ${fmt(floorP50, 1)} ms); no-op ack p50 ${fmt(noopP50, 1)} ms, direct API p50 ${fmt(directP50, 1)} ms; CPU per command: bot ${fmt(botCpu * 1000, 3)} ms, floor + shares ${fmt(floorSharesCpu * 1000, 3)} ms (bare floor ${fmt(floorCpu * 1000, 3)} ms)`,
  );
  // The no-op app acknowledges on the same cores in the same rounds: what a loaded machine leaves any ack.
  const noopAckP99 = of((r) => percentile(r.noop.ack, 99));
  console.log(
    goalLine(
      "ack-p99",
      `${fmt(ackP99, 1)} ms (the no-op Bolt app's ack p99 in the same rounds: ${fmt(noopAckP99, 1)} ms)`,
      "<= 50 ms",
      ackP99 <= 50,
    ),
  );
  console.log(
    goalLine(
      "commands-vs-floor",
      `${fmt(vsFloor, 2)} x, bot full p50 ${fmt(fullP50, 1)} ms / floor + shares ${fmt(floorSharesP50, 1)} ms (${fmt(fullP50 / floorP50, 2)} x the bare floor's ${fmt(floorP50, 1)} ms)`,
      "<= 1.10",
      vsFloor <= 1.1,
    ),
  );
  console.log(
    goalLine(
      "app-cpu-vs-floor",
      `${fmt(cpuVsFloor, 2)} x, bot ${fmt(botCpu * 1000, 3)} ms / floor + shares ${fmt(floorSharesCpu * 1000, 3)} ms of CPU per command (${fmt(botCpu / floorCpu, 2)} x the bare floor's ${fmt(floorCpu * 1000, 3)} ms)`,
      "<= 1.15",
      cpuVsFloor <= 1.15,
    ),
  );
  const floorRss = of((r) => r.floor.rssMb);
  console.log(
    goalLine(
      "bot-rss",
      `${fmt(finalBotRssMb / floorRss, 2)} x, ${fmt(finalBotRssMb)} MB at the end / the floor app's ${fmt(floorRss)} MB after its runs`,
      "<= 1.15 x the floor app's RSS",
      finalBotRssMb <= 1.15 * floorRss,
    ),
  );
  const ms = (seconds: number) => fmt(seconds * 1000, 3);
  console.log(
    `not judged, where the bot's CPU above the floor goes: ${ms(botCpu - floorCpu)} ms per command (the Block Kit answer, command routing, Bolt's middleware, their GC; its links are kept until Redis says they changed); a link read from Redis for every command, as on a Redis Cluster, costs ${ms(floorLinkCpu - floorCpu)} ms (floor + link ${ms(floorLinkCpu)} ms = ${fmt(floorLinkCpu / floorCpu, 2)} x the floor)`,
  );
  console.log(
    `not judged, the latency of a floor that reads its caller's link from Redis for every command: floor + link full p50 ${fmt(floorLinkP50, 1)} ms = ${fmt(floorLinkP50 / floorP50, 2)} x the floor's; the bot ${fmt(fullP50 / floorLinkP50, 2)} x the floor + link app's`,
  );
  console.log(
    `not judged, what the shares in Redis cost the floor (the person's fair share and the token's API budget, one script each per command): floor + shares CPU ${ms(floorSharesCpu)} ms per command = ${fmt(floorSharesCpu / floorCpu, 2)} x the bare floor, full p50 ${fmt(floorSharesP50, 1)} ms = ${fmt(floorSharesP50 / floorP50, 2)} x`,
  );
  console.log(
    `not judged (the issue-3 goal, replaced by commands-vs-floor): full p50 / (no-op ack p50 + direct API p50) = ${fmt(fullP50 / limit, 2)}`,
  );
}

/** The V8 heap as the bot's own /metrics reports it (prom-client's process metrics). */
function heapOf(metrics: string) {
  const mb = (name: string) => {
    const line = metrics.split("\n").find((l) => !l.startsWith("#") && l.includes(name));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) / 1024 / 1024 : Number.NaN;
  };
  return {
    usedMb: mb("nodejs_heap_size_used_bytes"),
    totalMb: mb("nodejs_heap_size_total_bytes"),
    externalMb: mb("nodejs_external_memory_bytes"),
  };
}

const line = (label: string, sorted: number[]) =>
  `${label.padEnd(28)} p50 ${fmt(percentile(sorted, 50), 1).padStart(7)} ms   p99 ${fmt(percentile(sorted, 99), 1).padStart(7)} ms`;

export default async function commandsBench(): Promise<void> {
  console.log(machineLine());
  console.log(
    `${TOTAL} signed /uptime status requests, concurrency ${CONCURRENCY}, after ${WARMUP} warm-up; ${ROUNDS} rounds of bot, no-op, direct, floor, floor + link`,
  );
  if (CONCURRENCY !== DEFAULT_CONCURRENCY) {
    console.log(`(the goals are defined at concurrency ${DEFAULT_CONCURRENCY}: this run only informs)`);
  }
  let redis: LocalRedis | undefined;
  let slack: FakeSlack | undefined;
  let bot: BotProcess | undefined;
  const children: Child[] = [];
  try {
    redis = await startPrivateRedis();
    const sim = await startSimulatorProcess({ seed: "demo" });
    const simulator = sim.child;
    children.push(simulator);
    const apiUrl = sim.url;

    // Slack's rate limits off: the bench measures the bot, not the fake's 429s.
    slack = await startFakeSlack({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      rateLimits: false,
      users: USERS.map((id) => ({ id, name: id.toLowerCase(), realName: id })),
    });
    const key = generateKey();
    await linkDemoOwner(redis.url, key, apiUrl, slack.config.teamId, USERS);

    // --- the no-op and floor apps (the references) and the bot, as `npm start` runs it, beside them ---
    const built = await compiledRuntime();
    // BENCH_CPU_PROF=<dir>: the bot and the reference apps also write V8 CPU profiles there (see
    // bench/profile-top.ts); a profiled run's numbers are not the goals'.
    const profile = process.env.BENCH_CPU_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
    const compiled = { ...built, nodeFlags: [...built.nodeFlags, ...profile] };
    /** One reference app on a free port, answering this fake Slack (`env`: what its mode needs besides). */
    const reference = async (flag: string, env: Record<string, string> = {}) => {
      const app = await startReferenceApp(compiled, flag, { SLACK_API_URL: slack!.apiUrl, ...env });
      children.push(app.child);
      return app;
    };
    const noop = await reference("--noop");
    const floor = await reference("--floor", { UPTIME_API_URL: apiUrl });
    const floorLink = await reference("--floor-link", {
      UPTIME_API_URL: apiUrl,
      REDIS_URL: redis.url,
      TOKEN_ENCRYPTION_KEY: key,
    });
    const floorShares = await reference("--floor-shares", { UPTIME_API_URL: apiUrl, REDIS_URL: redis.url });
    // The bot as `npm start` runs it: the build, with the start script's node flags; bot.pid is its own.
    bot = await startBotProcess({
      name: "bench-commands-bot",
      compiled,
      env: {
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
        UPTIME_API_URL: apiUrl,
        REDIS_URL: redis.url,
        TOKEN_ENCRYPTION_KEY: key,
        ALERT_WORKERS: "0",
        LOG_LEVEL: "warn",
        // 20 people send thousands of commands here: shares no person could reach, so that the bench measures
        // answers (the buckets are still taken, in Redis, for each command and API call), not refusals; and
        // they share the demo owner's token, whose API budget is lifted likewise.
        FAIR_SHARE_COMMANDS_PER_MINUTE: "1000000",
        FAIR_SHARE_COMMAND_BURST: "1000000",
        UPTIME_API_RATE_PER_TOKEN: "1000000",
      },
    });
    const botPort = bot.port;
    const botPid = bot.pid;
    const startRssMb = processRssMb(botPid) ?? Number.NaN;
    for (const app of [floor, noop, floorLink, floorShares])
      await waitForHttp(`${app.url}/healthz`, app.child);

    // Everything else that shares the cores during a run: its CPU per command is printed too.
    const others = {
      simulator: simulator.pid,
      "fake Slack + load": process.pid,
      ...(redis.pid !== undefined ? { redis: redis.pid } : {}),
    };
    const runOf = (app: { pid: number; url: string }, answered: boolean) => (total: number) => {
      slack!.setAppUrl(`${app.url}/slack/events`);
      return runCommands(slack!, { app: app.pid, ...others }, "status", total, answered);
    };
    const botRun = runOf({ pid: botPid, url: `http://127.0.0.1:${botPort}` }, true);
    const noopRun = runOf(noop, false);
    const floorRun = runOf(floor, true);
    const floorLinkRun = runOf(floorLink, true);
    const floorSharesRun = runOf(floorShares, true);
    const client = new UptimeClient({ baseUrl: apiUrl, logger: silentLogger });
    const directRun = (total: number) =>
      directApi(client, { simulator: others.simulator, "client here": process.pid }, total);

    try {
      await botRun(WARMUP);
      await noopRun(WARMUP);
      await directRun(WARMUP);
      await floorRun(WARMUP);
      await floorLinkRun(WARMUP);
      await floorSharesRun(WARMUP);
      const rounds: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A round another guest slowed (steal) is run again: its bot and floor runs are not alike.
        const { steal: _, ...measured } = await unstolen(`round ${round + 1}`, async () => {
          const machine = machineMeter();
          const runs = {
            bot: await botRun(TOTAL),
            noop: await noopRun(TOTAL),
            direct: await directRun(TOTAL),
            floor: await floorRun(TOTAL),
            floorLink: await floorLinkRun(TOTAL),
            floorShares: await floorSharesRun(TOTAL),
          };
          return { ...runs, steal: machine().steal };
        });
        rounds.push(measured);
      }
      const heap = heapOf(await bot.metrics());
      console.log(
        `bot memory: RSS ${fmt(startRssMb)} MB after start, at the end V8 heap ${fmt(heap.usedMb)} MB used of ${fmt(heap.totalMb)} MB, external ${fmt(heap.externalMb)} MB`,
      );
      report(rounds, processRssMb(botPid) ?? Number.NaN);
    } finally {
      await client.close();
    }
  } finally {
    await bot?.terminate().catch(() => {});
    for (const child of children) await child.stop().catch(() => {});
    await slack?.close();
    await redis?.stop();
  }
}
