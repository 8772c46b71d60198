/**
 * `npx tsx bench/commands-ab.ts <other main.js> [--rounds 6]`: this tree's compiled bot and another build's,
 * side by side in the same window, answering the commands bench's `/uptime status` (500 per run at
 * concurrency 20, after 2,000 each of warm-up) through one fake Slack, one simulator and one private Redis:
 * the CPU each bot spends per command, run by run, in A B B A order so that a drift of the machine's load
 * falls on both alike; and, from a short counted run of each, the Uptime API requests (the simulator's
 * request log) and Redis commands (INFO commandstats) per command; and each bot's RSS after the rounds.
 *
 * One after the other, two builds differ by less than the commands bench's run-to-run noise on this
 * shared machine (docs/benchmarks.md); run together, they share whatever the machine does meanwhile. The
 * other build comes from a worktree whose link format is this tree's, e.g.:
 *   git worktree add ../base main && ln -s "$PWD/node_modules" ../base/
 *   (cd ../base && BENCH_ROUNDS=1 npm run bench -- commands)   # writes its test-output/bench-dist
 *   npx tsx bench/commands-ab.ts ../base/test-output/bench-dist/main.js
 * The same build with other node flags (say, another young generation): this tree's main.js as the other
 * build, with `--other-flags "--enable-source-maps --max-semi-space-size=8"`.
 * Not judged: the commands bench is where the goals are.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Redis } from "ioredis";
import { startPrivateRedis } from "../dev/local-redis";
import { startFakeSlack } from "../dev/playground/fake-slack";
import { generateKey } from "../src/store/crypto/encryption-keys";
import { type BotProcess, startBotProcess } from "../test/support/bot-process";
import { compiledRuntime } from "./compiled";
import { linkDemoOwner } from "./link-demo-owner";
import { commandStats, cpuMeter, fmt, machineLine, processRssMb, runConcurrent } from "./measure";
import { startSimulatorProcess } from "./processes";
import { REFERENCE_BOT_TOKEN, REFERENCE_SIGNING_SECRET } from "./reference-app";

const TOTAL = 500;
const CONCURRENCY = 20;
const WARMUP = 2000;
const COUNTED = 50;
/** As the commands bench: 20 people, each linked to the demo owner's token. */
const USERS = Array.from({ length: CONCURRENCY }, (_, i) => `U0PERSON${String(i).padStart(2, "0")}`);
const CHANNEL = "C0GENERAL";

const roundsAt = process.argv.indexOf("--rounds");
const ROUNDS = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 6;
// --other-flags "<node flags>": the other bot runs with these instead of npm start's (e.g. another heap).
const flagsAt = process.argv.indexOf("--other-flags");
const OTHER_FLAGS = flagsAt >= 0 ? (process.argv[flagsAt + 1] ?? "").split(/\s+/).filter(Boolean) : undefined;
const other = process.argv[2];
if (!other || other.startsWith("--") || !existsSync(other) || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
  console.error(
    "usage: npx tsx bench/commands-ab.ts <other main.js> [--rounds N] [--other-flags '<node flags>']",
  );
  process.exit(2);
}
const otherMain = resolve(other);

async function main() {
  console.log(machineLine());
  const redis = await startPrivateRedis();
  const sim = await startSimulatorProcess({ seed: "demo" });
  const slack = await startFakeSlack({
    signingSecret: REFERENCE_SIGNING_SECRET,
    botToken: REFERENCE_BOT_TOKEN,
    rateLimits: false,
    users: USERS.map((id) => ({ id, name: id.toLowerCase(), realName: id })),
  });
  const bots: BotProcess[] = [];
  const admin = new Redis(redis.url);
  try {
    const key = generateKey();
    await linkDemoOwner(redis.url, key, sim.url, slack.config.teamId, USERS);
    const built = await compiledRuntime();
    const env = {
      SLACK_BOT_TOKEN: REFERENCE_BOT_TOKEN,
      SLACK_SIGNING_SECRET: REFERENCE_SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      UPTIME_API_URL: sim.url,
      REDIS_URL: redis.url,
      TOKEN_ENCRYPTION_KEY: key,
      ALERT_WORKERS: "0",
      LOG_LEVEL: "warn",
      // As the commands bench runs the bot: shares nobody reaches (still taken in Redis for each command and
      // API call), so that both bots answer every command rather than refuse in the acknowledgement.
      FAIR_SHARE_COMMANDS_PER_MINUTE: "1000000",
      FAIR_SHARE_COMMAND_BURST: "1000000",
      UPTIME_API_RATE_PER_TOKEN: "1000000",
    };
    const builds = { "this tree": built.main, other: otherMain } as const;
    const names: (keyof typeof builds)[] = ["this tree", "other"];
    const started: Record<string, BotProcess> = {};
    for (const name of names) {
      const bot = await startBotProcess({
        name: `commands-ab-${name.replace(" ", "-")}`,
        compiled: {
          main: builds[name],
          nodeFlags: name === "other" ? (OTHER_FLAGS ?? built.nodeFlags) : built.nodeFlags,
        },
        env,
      });
      bots.push(bot);
      started[name] = bot;
    }

    const pending = new Map<string, () => void>();
    slack.events.on("change", (change: { kind: string; id?: string }) => {
      if (change.kind !== "response_url" || !change.id) return;
      const post = slack.state.responseUrlPosts.at(-1);
      if (post && (post.status !== 200 || JSON.stringify(post.body).includes("went wrong"))) {
        console.error(`unexpected answer: ${JSON.stringify(post.body).slice(0, 300)}`);
        process.exitCode = 1;
      }
      pending.get(change.id)?.();
    });
    /** `total` commands to `name`'s bot, each until its answer arrives; CPU seconds of that bot. */
    const run = async (name: keyof typeof builds, total: number) => {
      const bot = started[name]!;
      slack.setAppUrl(`${bot.url}/slack/events`);
      const cpu = cpuMeter(bot.pid);
      let turn = 0;
      await runConcurrent(total, CONCURRENCY, async () => {
        const userId = USERS[turn++ % USERS.length]!;
        const result = await slack.sender.slashCommand({ userId, channelId: CHANNEL, text: "status" });
        if (result.body !== undefined)
          throw new Error(
            `${name} answered in the acknowledgement: ${JSON.stringify(result.body).slice(0, 200)}`,
          );
        if (result.status !== 200) throw new Error(`${name} answered ${result.status}`);
        const id = result.responseUrl.split("/").pop() ?? "";
        // The answer may already be in: look it up before waiting for it.
        if (!slack.state.responseUrlPosts.some((p) => p.id === id)) {
          await new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`${name}: no answer within 10 s`)), 10_000);
            pending.set(id, () => {
              clearTimeout(timer);
              done();
            });
          });
        }
        pending.delete(id);
      });
      return cpu.seconds();
    };

    for (const name of names) await run(name, WARMUP);
    console.log(`warm: ${WARMUP} commands each; ${ROUNDS} rounds of ${TOTAL} each, A B B A`);
    const perCommand: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      const line: string[] = [];
      for (const name of order) {
        const ms = ((await run(name, TOTAL)) * 1000) / TOTAL;
        perCommand[name]!.push(ms);
        line.push(`${name} ${fmt(ms, 3)} ms`);
      }
      console.log(`round ${round + 1}: CPU per command: ${line.join(", ")}`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const a = median(perCommand["this tree"]!);
    const b = median(perCommand.other!);
    const rss = names.map((name) => `${name} ${fmt(processRssMb(started[name]!.pid) ?? Number.NaN)} MB`);
    console.log(`RSS after the rounds: ${rss.join(", ")}`);
    console.log(
      `medians: this tree ${fmt(a, 3)} ms, other ${fmt(b, 3)} ms of CPU per command; this tree / other = ${fmt(a / b, 2)}`,
    );

    for (const name of names) {
      await fetch(`${sim.url}/__simulator/requests`, { method: "DELETE" });
      const before = await commandStats(admin);
      await run(name, COUNTED);
      const after = await commandStats(admin);
      const log = (await (await fetch(`${sim.url}/__simulator/requests?limit=1000`)).json()) as {
        requests: { method: string; path: string }[];
      };
      const redisCalls = [...after]
        .map(([cmd, s]) => [cmd, s.calls - (before.get(cmd)?.calls ?? 0)] as const)
        // INFO itself (the `before` reading) is not the bot's.
        .filter(([cmd, calls]) => calls > 0 && cmd !== "info");
      const paths = new Map<string, number>();
      for (const r of log.requests) {
        const shape = `${r.method} ${r.path.replace(/\/\d+/g, "/{id}")}`;
        paths.set(shape, (paths.get(shape) ?? 0) + 1);
      }
      console.log(
        `${name}: per command ${fmt(log.requests.length / COUNTED, 2)} API requests (${[...paths]
          .map(([p, n]) => `${p} ${fmt(n / COUNTED, 2)}`)
          .join(", ")}), ${fmt(redisCalls.reduce((s, [, n]) => s + n, 0) / COUNTED, 2)} Redis commands${
          redisCalls.length ? ` (${redisCalls.map(([c, n]) => `${c} ${n}`).join(", ")})` : ""
        }`,
      );
    }
  } finally {
    for (const bot of bots) await bot.terminate().catch(() => {});
    admin.disconnect();
    await slack.close();
    await sim.child.stop();
    await redis.stop();
  }
}

await main();
