// A production install, exactly as README "Running in production" tells an admin to do it, in a temporary
// clone of this repository's HEAD (committed work only): npm ci, npm run build, npm prune --omit=dev, a
// .env in the working directory, npm start. Then the built bot serves Slack and delivers an alert (so the Lua
// scripts in dist/scripts/ run), with only the runtime dependencies installed; then the operator's commands
// (`npm run alerts -- dead-letters [--replay]`, `npm run rotate-key`) run on the same install, from .env.
//
// Cost: the slowest e2e file. On the 2-core development machine under load: clone 1 s, npm ci 12-40 s (from
// the npm cache, --prefer-offline: the registry is asked only for what the cache lacks), build 1-2 s,
// prune 2 s, start and the alert 5-10 s; about 300 MB of disk in the temp folder while it runs.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { silentLogger } from "../../src/lib/logger";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { OutboxStore } from "../../src/store/outbox-store";
import { UptimeClient } from "../../src/uptime";
import { textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

const run = promisify(execFile);
const repository = new URL("../../", import.meta.url).pathname;
const SIGNING_SECRET = "production-install-secret";
const BOT_TOKEN = "xoxb-production-install";
/** The prefix of every key when nothing overrides it (src/bot/start-bot.ts): what a production bot writes. */
const PRODUCTION_KEY_PREFIX = "uc:";
/** Demo seed: monitor 1 "Marketing site" of team 1, which Olivia (owner token) belongs to. */
const MARKETING_SITE = 1;
const CHANNEL = "C0ALERTS";

/** What ends up in node_modules only through devDependencies: none may be left after the prune. */
const DEV_ONLY = [
  "tsx",
  "esbuild",
  "vitest",
  "typescript",
  "@biomejs/biome",
  "playwright-core",
  "ws",
  "yaml",
];

/**
 * npm's environment: nothing of the test runner's own (`npm test` sets npm_config_* and npm_lifecycle_*
 * for its children), only what locates the cache, the registry and a proxy.
 */
function npmEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
  for (const [name, value] of Object.entries(process.env)) {
    if (value && /^(npm_config_(cache|registry|userconfig)|https?_proxy|no_proxy)$/i.test(name))
      env[name] = value;
  }
  return env;
}

async function npm(cwd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  try {
    const { stdout } = await run("npm", args, {
      cwd,
      env: { ...npmEnv(), ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`npm ${args.join(" ")} failed:\n${(stderr || stdout || String(error)).slice(-3000)}`);
  }
}

describe("a production install: npm ci, build, prune --omit=dev, .env, npm start", () => {
  let dir: string;
  let app: string;
  let redis: LocalRedis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  let started: ChildProcess | undefined;
  /** The key the bot ran with (.env), for the rotation test. */
  let tokenEncryptionKey = "";

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "uc-production-install-"));
    app = join(dir, "app");
    // A Redis of its own: a production bot writes under the default prefix, which no other test owns.
    redis = await startPrivateRedis();
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
  });
  afterAll(async () => {
    // The bot itself, not only npm: npm does not pass signals on to it (see the last test).
    if (started?.pid && started.exitCode === null) {
      try {
        process.kill(-started.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("installs from a clean clone with the runtime dependencies only", async () => {
    await run("git", ["clone", "--quiet", repository, app]);
    await npm(app, ["ci", "--prefer-offline", "--no-audit", "--no-fund"]);
    // Present before the prune: the check below could not fail if they were never installed.
    for (const name of DEV_ONLY) expect(existsSync(join(app, "node_modules", name)), name).toBe(true);
    await npm(app, ["run", "build"]);
    await npm(app, ["prune", "--omit=dev", "--no-audit", "--no-fund"]);

    const left = DEV_ONLY.filter((name) => existsSync(join(app, "node_modules", name)));
    expect(left).toEqual([]);
    expect(existsSync(join(app, "node_modules", ".bin", "tsx"))).toBe(false);
    expect(existsSync(join(app, "dist", "main.js"))).toBe(true);
    expect(existsSync(join(app, "dist", "scripts", "claim-n.lua"))).toBe(true);
  }, 300_000);

  it("starts with npm start from .env under the real environment, serves Slack and delivers an alert", async () => {
    expect(existsSync(join(app, "dist", "main.js")), "the install test ran").toBe(true);
    const port = await freePort();
    const portInDotEnv = await freePort();
    tokenEncryptionKey = generateKey("k1");
    // Everything an admin sets, in .env; PORT and LOG_LEVEL are also set for real, with other values:
    // the real ones must win.
    writeFileSync(
      join(app, ".env"),
      [
        "# written by test/e2e/production-install.test.ts",
        `SLACK_BOT_TOKEN=${BOT_TOKEN}`,
        `SLACK_SIGNING_SECRET="${SIGNING_SECRET}"`,
        `SLACK_API_URL=${slack.apiUrl}`,
        `UPTIME_API_URL=${simulator.url}`,
        `REDIS_URL=${redis.url}`,
        `TOKEN_ENCRYPTION_KEY=${tokenEncryptionKey}`,
        "ALERT_WORKERS=1",
        "POLL_INTERVAL_SECONDS=1",
        `PORT=${portInDotEnv}`,
        "LOG_LEVEL=debug",
        "",
      ].join("\n"),
    );

    const child = spawn("npm", ["start"], {
      cwd: app,
      env: { ...npmEnv(), PORT: String(port), LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so that afterAll can end npm, the shell and the bot together.
      detached: true,
    });
    started = child;
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exit = once(child, "close").then(([code]) => code as number | null);
    const logs = () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg: string; level: number; pid: number; envFile?: string });

    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`npm start exited: ${stderr}\n${stdout}`);
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    }, 60_000);
    expect(logs()).toContainEqual(
      expect.objectContaining({
        msg: expect.stringMatching(/^settings read from \.env/),
        envFile: join(app, ".env"),
      }),
    );
    // LOG_LEVEL=info (real) over debug (.env): no debug line.
    expect(logs().filter((l) => l.level < 30)).toEqual([]);

    // A signed slash command, answered by the bundled listeners.
    slack.setAppUrl(`http://127.0.0.1:${port}/slack/events`);
    const ack = await slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0GENERAL", text: "help" });
    expect(ack.status).toBe(200);
    const help = await waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", "C0GENERAL")[0]);
    expect(textOf(help)).toContain("/uptime status");

    // Subscribe and alert: the add, claim and commit scripts run from dist/scripts/.
    await link("U0ALICE", DEMO_TOKENS.owner, tokenEncryptionKey);
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    // Two polls of team 1: the first (the baseline, which announces nothing already down) is committed.
    await eventually(async () => {
      const polls = simulator.control.requests().filter((r) => r.path === "/teams/1/checks");
      return polls.length >= 2 ? true : undefined;
    }, 30_000);
    const reason = "HTTP 503 from the production install";
    simulator.control.fail(MARKETING_SITE, reason);
    const root = await waitFor(
      slack.events,
      () => slack.state.channelMessages(CHANNEL).find((m) => textOf(m).includes(reason)),
      30_000,
    );
    expect(textOf(root)).toContain("Marketing site");

    // npm does not pass SIGTERM on to its script (npm 11: npm exits 143 and the bot runs on), so a
    // supervisor must signal the bot itself; README says to run node dist/main.js directly there.
    const botPid = logs().find((l) => l.msg === "bot started")?.pid;
    expect(botPid).toBeGreaterThan(0);
    process.kill(botPid!, "SIGTERM");
    expect(await exit).toBe(0);
    expect(logs().at(-1)?.msg).toBe("stopped");
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 120_000);

  it("runs the operator's commands after the prune, from .env: dead-letters, --replay, rotate-key", async () => {
    expect(tokenEncryptionKey, "the start test ran").not.toBe("");
    // A dead letter in the production key space, dead-lettered as a worker does after its attempts (the
    // bot is stopped: nothing else reads the stream meanwhile).
    const connection = new Redis(redis.url);
    try {
      const outbox = new OutboxStore({ redis: connection });
      const stream = keyspace(PRODUCTION_KEY_PREFIX).alertOutbox(0);
      await outbox.ensureGroup(stream);
      const replies = await connection
        .multi()
        .xadd(stream, "*", "target", "team:1:operator", "event", "{not an event")
        .xreadgroup("GROUP", outbox.group, "earlier-replica", "COUNT", 10, "STREAMS", stream, ">")
        .exec();
      const id = replies?.[0]?.[1] as string;
      expect(await outbox.deadLetter(stream, id, "unreadable: written by a newer version", 1)).toBe(true);
    } finally {
      await connection.quit();
    }

    // REDIS_URL and TOKEN_ENCRYPTION_KEY come from .env only: the commands read it as the bot does.
    const listed = await npm(app, ["run", "--silent", "alerts", "--", "dead-letters"]);
    expect(listed).toMatch(/shard 0 .*unreadable event {2}target team:1:operator/);
    expect(listed).toContain("1 dead letter. Fix the cause, then: npm run alerts -- dead-letters --replay");
    const replayed = await npm(app, ["run", "--silent", "alerts", "--", "dead-letters", "--replay"]);
    expect(replayed.trim()).toBe(
      "Replayed 1 dead letter into the outbox; the delivery workers try them again now.",
    );
    expect(await npm(app, ["run", "--silent", "alerts", "--", "dead-letters"])).toContain("No dead letters");

    // Rotation: a new key first, the old one after it, set for real over .env's.
    const rotated = await npm(app, ["run", "--silent", "rotate-key"], {
      TOKEN_ENCRYPTION_KEY: `${generateKey("k2")},${tokenEncryptionKey}`,
    });
    expect(rotated).toContain('Re-sealed 1 link and 0 installation fields under key "k2".');
    const again = await npm(app, ["run", "--silent", "rotate-key"], {
      TOKEN_ENCRYPTION_KEY: `${generateKey("k3")},${tokenEncryptionKey}`,
    });
    // k3 cannot open what k2 sealed: told, never a stack trace.
    expect(again).toContain("could not be opened with any configured key");
  }, 120_000);

  /** Links a fake Slack user as `/uptime login` does, in the production key space of the test's Redis. */
  async function link(userId: string, token: string, key: string): Promise<void> {
    const client = new UptimeClient({ baseUrl: simulator.url, logger: silentLogger });
    const connection = new Redis(redis.url);
    try {
      const me = await client.as(token).users.me({ include: ["teams"] });
      const links = new LinkStore({
        redis: connection,
        keys: keyspace(PRODUCTION_KEY_PREFIX),
        cipher: TokenCipher.fromSetting(key),
      });
      await links.save({ teamId: slack.config.teamId, userId }, token, {
        apiUserId: me.id,
        apiUserName: `${me.firstName} ${me.lastName}`.trim(),
        teams: teamsOf(me),
      });
    } finally {
      await client.close();
      await connection.quit();
    }
  }
});
