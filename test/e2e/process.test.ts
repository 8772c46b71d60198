// The bot as a child process, run from the sources (`tsx src/main.ts`, without npm's banner lines; the built
// `npm start` is test/e2e/production-install.test.ts), with the simulator and the fake Slack started here.
// Start-up errors, a command, SIGTERM.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { type RunningSimulator, startSimulator } from "../../dev/simulator";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { botCommand } from "../support/bot-command";
import { textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

const SIGNING_SECRET = "process-test-secret";
const BOT_TOKEN = "xoxb-process-test";

interface Child {
  process: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function startMain(env: Record<string, string | undefined>): Child {
  // Only what the test gives: no inherited SLACK_* or REDIS_URL from the machine running the tests.
  const { command, args, cwd } = botCommand();
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // "close", not "exit": the last log lines are still in the pipes when the process exits.
  const exit = once(child, "close").then(([code]) => code as number | null);
  return { process: child, stdout: () => stdout, stderr: () => stderr, exit };
}

async function waitUntilHealthy(port: number, child: Child): Promise<void> {
  let exited = false;
  void child.exit.then(() => {
    exited = true;
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (exited) throw new Error(`the bot exited: ${child.stderr()} ${child.stdout()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the bot did not become healthy: ${child.stderr()}`);
}

describe("npm start (src/main.ts in a child process)", () => {
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  const running: Child[] = [];

  const validEnv = (port: number, metricsPort = 0) => ({
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    UPTIME_API_URL: simulator.url,
    REDIS_URL: inject("redisUrl"),
    TOKEN_ENCRYPTION_KEY: generateKey(),
    ALERT_WORKERS: "0",
    LOG_LEVEL: "info",
  });

  beforeAll(async () => {
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
  });
  afterAll(async () => {
    for (const child of running) if (child.process.exitCode === null) child.process.kill("SIGKILL");
    await slack?.close();
    await simulator?.close();
  });

  it("stops on a missing or invalid setting with exit code 1 and one line naming the variable", async () => {
    const deadPort = await freePort();
    const redisUrl = new URL(inject("redisUrl"));
    const cases: [Record<string, string | undefined>, RegExp][] = [
      [{ UPTIME_API_URL: undefined }, /^uptime-chatops: UPTIME_API_URL is required$/],
      [
        { TOKEN_ENCRYPTION_KEY: "k1:AAAA" },
        /^uptime-chatops: TOKEN_ENCRYPTION_KEY entry 1 is not a 32-byte key/,
      ],
      [{ PORT: "http" }, /^uptime-chatops: PORT must be a number/],
      [{ REDIS_CLUSTER_NODES: "redis-a" }, /^uptime-chatops: REDIS_CLUSTER_NODES must be host:port seeds/],
      // A cluster that cannot serve stops start-up too (the bot would otherwise wait for it forever).
      [
        { REDIS_CLUSTER_NODES: `127.0.0.1:${deadPort}` },
        new RegExp(
          `^uptime-chatops: could not start: no seed of REDIS_CLUSTER_NODES answered \\(127\\.0\\.0\\.1:${deadPort}\\): connect ECONNREFUSED`,
        ),
      ],
      [
        { REDIS_CLUSTER_NODES: `${redisUrl.hostname}:${redisUrl.port || 6379}` },
        /^uptime-chatops: could not start: REDIS_CLUSTER_NODES: .* is not a cluster node \(cluster-enabled no\); use REDIS_URL for a single Redis$/,
      ],
      // Slack unreachable or refusing the token: one line, not a crash with a stack trace after "bot started".
      [
        { SLACK_API_URL: `http://127.0.0.1:${deadPort}/api/` },
        /^uptime-chatops: could not start: Slack could not be reached for auth\.test \(http:\/\/127\.0\.0\.1:\d+\/api\/\): /,
      ],
      [
        { SLACK_BOT_TOKEN: "xoxb-not-the-bot-token" },
        /^uptime-chatops: could not start: Slack refused SLACK_BOT_TOKEN \(auth\.test: invalid_auth\)$/,
      ],
    ];
    // In parallel: each child spends its few seconds compiling TypeScript.
    const port = await freePort();
    const children = cases.map(([change]) => startMain({ ...validEnv(port), ...change }));
    running.push(...children);
    for (const [index, child] of children.entries()) {
      expect(await child.exit).toBe(1);
      const lines = child.stderr().split("\n").filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(cases[index]![1]);
      expect(child.stderr()).not.toMatch(/\n\s+at /);
    }
  });

  it("serves health, refuses a taken port, answers /uptime, and drains then exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const child = startMain(validEnv(port, metricsPort));
    running.push(child);
    await waitUntilHealthy(port, child);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).toBe(200);

    // A second one on the same port: a start-up failure is one line too, not a stack trace.
    const second = startMain(validEnv(port));
    running.push(second);
    expect(await second.exit).toBe(1);
    expect(second.stderr().split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(/^uptime-chatops: could not start: .*EADDRINUSE/),
    ]);

    slack.setAppUrl(`http://127.0.0.1:${port}/slack/events`);
    const before = slack.state.ephemeralFor("U0ALICE", "C0GENERAL").length;
    const ack = await slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0GENERAL", text: "help" });
    expect(ack.status).toBe(200);
    // SIGTERM right after the ack: the answer (respond() after the ack) must still arrive.
    child.process.kill("SIGTERM");
    const reply = await waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", "C0GENERAL")[before]);
    expect(textOf(reply)).toContain("/uptime status");

    expect(await child.exit).toBe(0);
    const logs = child
      .stdout()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string });
    const messages = logs.map((l) => l.msg);
    expect(messages).toContain("bot started");
    expect(messages).toContain("draining");
    expect(messages.at(-1)).toBe("stopped");
    expect(child.stderr()).toBe("");
  });
});
