// README's "Install it in your workspace" followed in order, through to the first alert in a channel: the
// simulator stands in for the Uptime service and the fake Slack (created from the section's own manifest
// edit) for the workspace. Every shell command of the section runs as written in a folder of its own, except
// the clone and `npm ci` (this checkout's; a clean clone is the production install test's job) and
// `npm run build`, which builds the same bundle into that folder. Then the bot starts with `npm start` from
// the `.env` the section made (with the variables its step 4 names filled in), and the section's Slack steps
// run in order: `/invite @Uptime`, each `/uptime` line, then an outage. A new kind of step fails here first.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { buildDist } from "../../tools/build";
import { repository, section, shellCommands, uptimeLines } from "../support/readme-install-section";
import { textOf } from "../support/text-of";
import { eventually, waitFor } from "../support/wait-for";
import { tokenValues } from "./login-helper";

const run = promisify(execFile);
const SIGNING_SECRET = "readme-install-signing-secret";
const BOT_TOKEN = "xoxb-readme-install";
const NEWCOMER = "U0NEWCOMER";
/** The channel that should get the alerts: the bot is not in it until `/invite @Uptime`. */
const CHANNEL = "C0OPS";
/** Demo seed: monitor 1 "Marketing site" of team 1, which the owner's token belongs to. */
const MARKETING_SITE = 1;
/** What step 4 tells the newcomer to fill in, read from the section (HTTP mode). */
const NAMED_IN_STEP_4 = ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "UPTIME_API_URL", "REDIS_URL"];

/** npm's environment: nothing of the test runner's (its REDIS_URL, npm_config_*), as a newcomer's shell. */
function shellEnv(): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
  for (const [name, value] of Object.entries(process.env)) {
    if (value && /^(npm_config_(cache|registry|userconfig)|https?_proxy|no_proxy)$/i.test(name))
      env[name] = value;
  }
  return env;
}

describe('README "Install it in your workspace", followed to the first alert', () => {
  let work: string;
  let redis: LocalRedis;
  let simulator: RunningSimulator;
  let slack: FakeSlack | undefined;
  let started: ChildProcess | undefined;
  let stdout = "";

  beforeAll(async () => {
    // Under test-output/, inside the repository: the bundle's packages resolve from its node_modules, as a
    // clone's dist/ resolves from the clone's.
    mkdirSync(join(repository, "test-output"), { recursive: true });
    work = mkdtempSync(join(repository, "test-output", "readme-install-"));
    for (const file of ["package.json", "manifest.yml", "manifest.socket-mode.yml", ".env.example"])
      copyFileSync(join(repository, file), join(work, file));
    // A Redis of its own: a bot started from .env writes under the default prefix, which no other test owns.
    redis = await startPrivateRedis();
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
  });
  afterAll(async () => {
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
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("runs the section's shell commands as written, and npm start serves from the .env they made", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    let ranStart = false;
    for (const command of shellCommands) {
      if (/^git clone |^cd uptime-chatops$|^npm ci$/.test(command)) continue;
      if (command === "npm run build") {
        await buildDist(pathToFileURL(join(work, "dist/")));
        continue;
      }
      if (command === "npm start") {
        // The app created from the section's manifest (step 3): the fake Slack enforces what it grants.
        slack = await startFakeSlack({
          signingSecret: SIGNING_SECRET,
          botToken: BOT_TOKEN,
          manifest: join(work, "my-manifest.yml"),
          users: [{ id: NEWCOMER, name: "newcomer", realName: "New Comer", isAdmin: true }],
          channels: [{ id: CHANNEL, name: "ops", members: [NEWCOMER] }],
        });
        fillInEnv(join(work, ".env"), {
          SLACK_BOT_TOKEN: BOT_TOKEN,
          SLACK_SIGNING_SECRET: SIGNING_SECRET,
          UPTIME_API_URL: simulator.url,
          REDIS_URL: redis.url,
          // The fake workspace's Web API, and ports no other test holds; not the newcomer's steps.
          SLACK_API_URL: slack.apiUrl,
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
        });
        started = spawn("npm", ["start"], {
          cwd: work,
          env: shellEnv(),
          stdio: ["ignore", "pipe", "pipe"],
          // Its own process group, so that afterAll ends npm, the shell and the bot together.
          detached: true,
        });
        let stderr = "";
        started.stdout?.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        started.stderr?.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        await eventually(async () => {
          if (started!.exitCode !== null) throw new Error(`npm start exited: ${stderr}\n${stdout}`);
          try {
            return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200 ? true : undefined;
          } catch {
            return undefined;
          }
        }, 60_000);
        ranStart = true;
        continue;
      }
      // The manifest edit, the .env copy and the key: as a newcomer's shell runs them.
      if (/^(sed |cp \.env\.example \.env$)/.test(command)) {
        await run("bash", ["-euo", "pipefail", "-c", command], { cwd: work, env: shellEnv() });
        continue;
      }
      throw new Error(`a shell line this test does not know yet: ${command}`);
    }
    expect(ranStart, "the section starts the bot with npm start").toBe(true);
    expect(stdout).toContain(`"envFile":"${join(work, ".env")}"`);

    // Slack checks the events URL (step 5).
    slack!.setAppUrl(`http://127.0.0.1:${port}/slack/events`);
    const verified = await slack!.sender.urlVerification();
    expect(verified.status).toBe(200);
  }, 180_000);

  it("takes the section's Slack steps in order: /invite @Uptime, each /uptime line, then an outage alerts", async () => {
    expect(slack, "the bot was started").toBeDefined();
    const fake = slack!;
    // Without the invite the bot is not in the channel, and the steps below fail: the section must say it first.
    const invite = section.indexOf("/invite @Uptime");
    expect(invite).toBeGreaterThan(-1);
    expect(invite).toBeLessThan(section.indexOf(uptimeLines[0]!));
    fake.state.addMembers(fake.state.conversation(CHANNEL)!, [fake.config.botUserId]);

    for (const line of uptimeLines) {
      const text = line.slice("/uptime ".length);
      const seen = answersIn();
      if (text === "login") {
        // The token the service's operator issued: the demo owner's.
        await fake.sender.slashCommand({ userId: NEWCOMER, channelId: CHANNEL, text });
        const view = await waitFor(fake.events, () => {
          const top = fake.state.topModal(NEWCOMER);
          return top?.callback_id === "login" ? top : undefined;
        });
        await fake.sender.viewSubmission({
          userId: NEWCOMER,
          viewId: view.id,
          values: tokenValues(DEMO_TOKENS.owner),
        });
      } else {
        const ack = await fake.sender.slashCommand({ userId: NEWCOMER, channelId: CHANNEL, text });
        expect(ack.status, line).toBe(200);
      }
      const answer = await waitFor(fake.events, () => newSince(seen).join("\n") || undefined);
      expect(answer, line).not.toMatch(/went wrong|Usage:|not linked|isn't in this channel|can't post/i);
      if (text === "login") expect(answer).toContain("You're now linked");
      if (text.startsWith("subscribe")) {
        expect(fake.state.channelMessages(CHANNEL).map(textOf).join("\n")).toContain("now gets alerts");
      }
    }

    // Two polls of team 1: the first (the baseline) announces nothing already down.
    await eventually(async () => {
      const polls = simulator.control.requests().filter((r) => r.path === "/teams/1/checks");
      return polls.length >= 2 ? true : undefined;
    }, 30_000);
    const reason = "HTTP 503 on the newcomer's first outage";
    simulator.control.fail(MARKETING_SITE, reason);
    const alert = await waitFor(
      fake.events,
      () => fake.state.channelMessages(CHANNEL).find((m) => textOf(m).includes(reason)),
      30_000,
    );
    expect(textOf(alert)).toContain("Marketing site");

    // Stopped as docs/operations.md says a supervisor must: the bot itself, npm does not pass signals on.
    const botPid = stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg: string; pid: number })
      .find((l) => l.msg === "bot started")?.pid;
    expect(botPid).toBeGreaterThan(0);
    const exit = once(started!, "close");
    process.kill(botPid!, "SIGTERM");
    expect((await exit)[0]).toBe(0);
  }, 120_000);

  /** What the newcomer sees answered in the channel: ephemerals, response_url answers, channel posts. */
  function answersIn(): string[][] {
    const fake = slack!;
    return [
      fake.state.ephemeralFor(NEWCOMER, CHANNEL).map(textOf),
      fake.state.responseUrlPosts.map((p) => textOf(p.body as { text?: string })),
      fake.state.channelMessages(CHANNEL).map(textOf),
    ];
  }

  /** The answers that came since `seen` (an earlier answersIn()). */
  function newSince(seen: string[][]): string[] {
    return answersIn().flatMap((texts, i) => texts.slice(seen[i]!.length));
  }
});

/** Step 4's "Then, in `.env`": each named variable's line replaced, as a newcomer edits the file. */
function fillInEnv(file: string, values: Record<string, string>): void {
  for (const name of NAMED_IN_STEP_4) expect(section, `step 4 names ${name}`).toContain(`\`${name}\``);
  let text = readFileSync(file, "utf8");
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^#? ?${name}=.*$`, "m");
    expect(text, `.env.example has a line for ${name}`).toMatch(line);
    text = text.replace(line, `${name}=${value}`);
  }
  writeFileSync(file, text);
}
