import { Redis } from "ioredis";
import { ConfigError } from "./config/config-error";
import { readEnvironment } from "./config/dot-env";
import { loadRedisConfig } from "./config/redis-config";
import { keyspace } from "./store/keys";
import { type DeadLetter, OutboxStore } from "./store/outbox-store";
import { DEFAULT_SHARDS } from "./store/poll-target-types";
import {
  connectRedis,
  type RedisClient,
  RedisNotReadyError,
  type RedisTarget,
  securityOptions,
} from "./store/redis-connection";

/**
 * `npm run alerts -- <command>`: operator commands for the alert outbox (docs/architecture.md section 5,
 * "Poison-proof outbox"). Settings come from the environment over `.env` in the working directory, like
 * `npm start` (only REDIS_URL or REDIS_CLUSTER_NODES is read). Built to dist/alerts.js: it runs on a
 * production install, where tsx is gone.
 * Bad input or an unreachable Redis ends with ONE line on stderr and a non-zero exit code, never a stack.
 */
const USAGE = `usage: npm run alerts -- dead-letters [--replay]
  dead-letters            list the alert events that could not be delivered, with why
  dead-letters --replay   put them back at the end of their outbox: the delivery workers try them again`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

async function runAlertsCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: Io,
): Promise<number> {
  const [command, ...flags] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    io.out(USAGE);
    return 0;
  }
  if (command !== "dead-letters") {
    io.err(
      command
        ? `unknown command "${command}". ${USAGE.split("\n")[0]}`
        : `a command is required. ${USAGE.split("\n")[0]}`,
    );
    return 2;
  }
  const unknown = flags.filter((flag) => flag !== "--replay");
  if (unknown.length > 0) {
    io.err(`unknown option "${unknown[0]}". ${USAGE.split("\n")[0]}`);
    return 2;
  }
  let target: RedisTarget;
  try {
    target = loadRedisConfig(env).redis;
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }

  const redis = await connect(target, io);
  if (!redis) return 1;
  try {
    const outbox = new OutboxStore({ redis });
    const keys = keyspace();
    const streams = Array.from({ length: DEFAULT_SHARDS }, (_, shard) => keys.alertOutbox(shard));
    return flags.includes("--replay") ? await replay(outbox, streams, io) : await list(outbox, streams, io);
  } catch (error) {
    io.err(`the command failed: ${oneLine(error)}`);
    return 1;
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

async function list(outbox: OutboxStore, streams: string[], io: Io): Promise<number> {
  let count = 0;
  for (const [shard, stream] of streams.entries()) {
    for (const letter of await outbox.deadLetters(stream)) {
      count++;
      io.out(formatDeadLetter(letter, shard));
    }
  }
  io.out(
    count === 0
      ? "No dead letters: every alert event was delivered or is still being tried."
      : `${count} dead letter${count === 1 ? "" : "s"}. Fix the cause, then: npm run alerts -- dead-letters --replay`,
  );
  return 0;
}

async function replay(outbox: OutboxStore, streams: string[], io: Io): Promise<number> {
  let count = 0;
  for (const stream of streams) {
    for (const letter of await outbox.deadLetters(stream)) {
      // null: another operator replayed it meanwhile.
      if ((await outbox.replay(stream, letter.id)) !== null) count++;
    }
  }
  io.out(
    count === 0
      ? "No dead letters to replay."
      : `Replayed ${count} dead letter${count === 1 ? "" : "s"} into the outbox; the delivery workers try them again now.`,
  );
  return 0;
}

/** One line per dead letter: id, shard, when, what, why. Pure. */
function formatDeadLetter(letter: DeadLetter, shard: number): string {
  const when = Number.isFinite(letter.at) && letter.at > 0 ? new Date(letter.at).toISOString() : "?";
  return [
    letter.id,
    `shard ${shard}`,
    when,
    describeEvent(letter.event),
    `target ${letter.target ?? "(none)"}`,
    `${letter.deliveries} deliver${letter.deliveries === 1 ? "y" : "ies"}`,
    letter.reason,
  ].join("  ");
}

function describeEvent(raw: string | null): string {
  try {
    const event = JSON.parse(raw ?? "") as { type?: unknown; incidentId?: unknown; monitorId?: unknown };
    if (typeof event.type === "string" && typeof event.incidentId === "string") {
      return `${event.type} incident ${event.incidentId}${typeof event.monitorId === "string" ? ` (monitor ${event.monitorId})` : ""}`;
    }
  } catch {
    // described below
  }
  return "unreadable event";
}

/** Redis now or one line saying why not (null): no endless reconnecting in a one-shot command. */
async function connect(target: RedisTarget, io: Io): Promise<RedisClient | null> {
  if ("clusterNodes" in target) {
    try {
      return await connectRedis(target, 5_000);
    } catch (error) {
      if (!(error instanceof RedisNotReadyError)) throw error;
      io.err(error.message);
      return null;
    }
  }
  const redis = new Redis(target.url, {
    ...securityOptions(target),
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED...) says more than connect()'s "Connection is closed".
  let socketError: unknown;
  redis.on("error", (error) => {
    socketError ??= error;
  });
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    io.err(`cannot reach Redis at ${hostOf(target.url)}: ${oneLine(socketError ?? error)}`);
    redis.disconnect();
    return null;
  }
}

/** host:port only: a REDIS_URL may carry a password. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "the configured REDIS_URL";
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim();
}

const io: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`uptime-chatops alerts: ${line}\n`),
};
process.exit(await runAlertsCli(process.argv.slice(2), environment(io), io));

/** process.env over `.env`, as the bot reads them; an unreadable `.env` is one line and exit 1. */
function environment(io: Io): Record<string, string | undefined> {
  try {
    return readEnvironment().env;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err(error.message);
    process.exit(1);
  }
}
