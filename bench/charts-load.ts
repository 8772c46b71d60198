/**
 * The bot under chart load (issue 36), part of `npm run bench -- charts`: the bot as `npm start` runs it (the
 * build, bench/compiled.ts), the simulator in its own process, the fake Slack and the load here.
 * - `ack-under-charts`: p99 of the time to acknowledge another person's `/uptime status` (the HTTP response)
 *   while one person sends CHART_BURST `/uptime availability Blog` as fast as the acknowledgements come back,
 *   divided by the same p99 with no chart load (the same commands, the same bot, just before);
 * - `bot-rss-after-charts`: the bot's RSS (/proc, the whole process: its chart workers are threads of it)
 *   after RSS_CHARTS charts drawn and uploaded.
 * The chart person's commands reach the renderer: nothing on this branch limits a person's charts per minute
 * (a per-person bucket, if one is added, would have to be lifted for this measure; docs/benchmarks.md).
 */
import { Redis } from "ioredis";
import { type LocalRedis, startPrivateRedis } from "../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../dev/playground/fake-slack";
import { DEMO_TOKENS } from "../dev/simulator";
import { silentLogger } from "../src/lib/logger";
import { generateKey } from "../src/store/crypto/encryption-keys";
import { TokenCipher } from "../src/store/crypto/token-cipher";
import { keyspace } from "../src/store/keys";
import { LinkStore } from "../src/store/link-store";
import { UptimeClient } from "../src/uptime";
import { type BotProcess, startBotProcess } from "../test/support/bot-process";
import { compiledRuntime } from "./compiled";
import { fmt, goalLine, percentile, processRssMb, runConcurrent } from "./measure";
import { type Child, startSimulatorProcess } from "./processes";
import { REFERENCE_BOT_TOKEN, REFERENCE_SIGNING_SECRET } from "./reference-app";

const CHART_PERSON = "U0ALICE";
const OTHER_PERSON = "U0BOB";
const CHANNEL = "C0GENERAL";
const CHART_BURST = 200;
/** The chart person's commands in flight: as fast as Slack acknowledges them. */
const CHART_CONCURRENCY = 10;
const OTHER_COMMANDS = 300;
/** Other people, a few at a time. */
const OTHER_CONCURRENCY = 2;
const WARMUP = 300;
const RSS_CHARTS = 500;

async function link(redisUrl: string, key: string, apiUrl: string, teamId: string, userIds: string[]) {
  const client = new UptimeClient({ baseUrl: apiUrl, logger: silentLogger });
  const redis = new Redis(redisUrl);
  try {
    const api = client.as(DEMO_TOKENS.owner);
    const [me, teams] = await Promise.all([api.users.me(), api.users.teams()]);
    const links = new LinkStore({ redis, keys: keyspace("uc:"), cipher: TokenCipher.fromSetting(key) });
    for (const userId of userIds) {
      await links.save({ teamId, userId }, DEMO_TOKENS.owner, {
        apiUserId: me.id,
        apiUserName: `${me.firstName} ${me.lastName}`,
        teams: teams.map((t) => ({ id: t.id, name: t.name, role: "owner" })),
        activeTeamId: "1",
      });
    }
  } finally {
    await client.close();
    redis.disconnect();
  }
}

/** Acknowledgement times (ms, sorted) of `total` commands by one person. */
async function acks(slack: FakeSlack, userId: string, text: string, total: number, concurrency: number) {
  const times: number[] = [];
  await runConcurrent(total, concurrency, async () => {
    const t0 = performance.now();
    const result = await slack.sender.slashCommand({ userId, channelId: CHANNEL, text });
    times.push(performance.now() - t0);
    if (result.status !== 200) throw new Error(`the bot answered ${result.status}`);
  });
  return times.sort((a, b) => a - b);
}

/** Chart answers done (a chart shown, or the sentence that says it was skipped) since `from` posts. */
function chartOutcomes(slack: FakeSlack, from: number) {
  let shown = 0;
  let skipped = 0;
  for (const post of slack.state.responseUrlPosts.slice(from)) {
    const body = JSON.stringify(post.body);
    if (body.includes('"chart.image"')) shown++;
    else if (body.includes("Chart skipped")) skipped++;
  }
  return { shown, skipped };
}

async function settle(slack: FakeSlack, from: number, expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = chartOutcomes(slack, from);
    if (done.shown + done.skipped >= expected || Date.now() > deadline) return done;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function chartsLoadBench(): Promise<void> {
  let redis: LocalRedis | undefined;
  let slack: FakeSlack | undefined;
  let bot: BotProcess | undefined;
  let simulator: Child | undefined;
  try {
    redis = await startPrivateRedis();
    const sim = await startSimulatorProcess({ seed: "demo" });
    simulator = sim.child;
    slack = await startFakeSlack({
      signingSecret: REFERENCE_SIGNING_SECRET,
      botToken: REFERENCE_BOT_TOKEN,
      rateLimits: false,
    });
    const key = generateKey();
    await link(redis.url, key, sim.url, slack.config.teamId, [CHART_PERSON, OTHER_PERSON]);
    bot = await startBotProcess({
      name: "bench-charts-bot",
      compiled: await compiledRuntime(),
      env: {
        SLACK_BOT_TOKEN: REFERENCE_BOT_TOKEN,
        SLACK_SIGNING_SECRET: REFERENCE_SIGNING_SECRET,
        SLACK_API_URL: slack.apiUrl,
        UPTIME_API_URL: sim.url,
        REDIS_URL: redis.url,
        TOKEN_ENCRYPTION_KEY: key,
        ALERT_WORKERS: "0",
        LOG_LEVEL: "error",
        // The goals measure the renderer's load on the bot, so every chart of the burst must reach it: shares
        // no person could reach (the buckets are still taken in Redis for each command and chart).
        FAIR_SHARE_COMMANDS_PER_MINUTE: "1000000",
        FAIR_SHARE_COMMAND_BURST: "1000000",
        FAIR_SHARE_CHARTS_PER_MINUTE: "1000000",
        FAIR_SHARE_CHART_BURST: "1000000",
        UPTIME_API_RATE_PER_TOKEN: "1000000",
      },
    });
    slack.setAppUrl(`${bot.url}/slack/events`);
    const chartCommand = "availability Blog";

    // Warm: the other person's path, and a few charts (the worker and its engines start on the first).
    await acks(slack, OTHER_PERSON, "status", WARMUP, OTHER_CONCURRENCY);
    let from = slack.state.responseUrlPosts.length;
    await acks(slack, CHART_PERSON, chartCommand, 5, 1);
    await settle(slack, from, 5, 60_000);

    const quiet = await acks(slack, OTHER_PERSON, "status", OTHER_COMMANDS, OTHER_CONCURRENCY);
    from = slack.state.responseUrlPosts.length;
    const [loaded, burst] = await Promise.all([
      acks(slack, OTHER_PERSON, "status", OTHER_COMMANDS, OTHER_CONCURRENCY),
      acks(slack, CHART_PERSON, chartCommand, CHART_BURST, CHART_CONCURRENCY),
    ]);
    const burstDone = await settle(slack, from, CHART_BURST, 120_000);
    const quietP99 = percentile(quiet, 99);
    const loadedP99 = percentile(loaded, 99);
    const ratio = loadedP99 / quietP99;
    console.log(
      `\nthe bot under chart load (${OTHER_COMMANDS} /uptime status by another person at concurrency ${OTHER_CONCURRENCY}; ${CHART_BURST} /uptime ${chartCommand} by one person at concurrency ${CHART_CONCURRENCY}):`,
    );
    console.log(
      `  others' ack, no chart load   p50 ${fmt(percentile(quiet, 50), 1)} ms  p99 ${fmt(quietP99, 1)} ms`,
    );
    console.log(
      `  others' ack, chart burst     p50 ${fmt(percentile(loaded, 50), 1)} ms  p99 ${fmt(loadedP99, 1)} ms`,
    );
    console.log(
      `  chart person's ack p99 ${fmt(percentile(burst, 99), 1)} ms; of ${CHART_BURST} charts ${burstDone.shown} shown, ${burstDone.skipped} skipped with the sentence`,
    );
    console.log(
      goalLine(
        "ack-under-charts",
        `${fmt(ratio, 2)} (others' ack p99 ${fmt(loadedP99, 1)} ms under load / ${fmt(quietP99, 1)} ms without)`,
        "<= 1.5",
        ratio <= 1.5,
      ),
    );

    // RSS: charts drawn one or two at a time (none refused) until RSS_CHARTS were shown in all.
    let shown = burstDone.shown + 5;
    while (shown < RSS_CHARTS) {
      const batch = Math.min(50, RSS_CHARTS - shown);
      from = slack.state.responseUrlPosts.length;
      await acks(slack, CHART_PERSON, chartCommand, batch, 2);
      const done = await settle(slack, from, batch, 120_000);
      shown += done.shown;
      if (done.shown === 0) {
        throw new Error("no chart shown in a batch of 50: see test-output/bench-charts-bot.log");
      }
    }
    const rssMb = processRssMb(bot.pid) ?? Number.NaN;
    console.log(
      goalLine(
        "bot-rss-after-charts",
        `${fmt(rssMb)} MB after ${shown} charts shown`,
        "<= 150 MB",
        rssMb <= 150,
      ),
    );
  } finally {
    await bot?.terminate().catch(() => {});
    await simulator?.stop().catch(() => {});
    await slack?.close();
    await redis?.stop();
  }
}
