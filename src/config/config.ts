import { z } from "zod";
import { POST_SETTLE_MS, SLACK_CALL_TIMEOUT_MS } from "../slack/slack-timeouts";
import { type ApiBudgetLimits, DEFAULT_API_BUDGET } from "../store/api-budget-store";
import { InvalidKeyConfigError, KEY_VARIABLE, parseEncryptionKeys } from "../store/crypto/encryption-keys";
import { DEFAULT_FAIR_SHARE, type FairShareLimits } from "../store/fair-share-store";
import {
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  parseClusterNodes,
  type RedisTarget,
} from "../store/redis-connection";
import { DEFAULT_INCIDENT_PATH, DEFAULT_MONITOR_PATH, ID_PLACEHOLDER, type WebLinks } from "../ui/web-links";
import { configError } from "./config-error";
import { redisSecurity, redisUrl } from "./redis-config";

/**
 * The environment, parsed once at start-up into a frozen Config. Nothing else reads process.env
 * (docs/architecture.md section 2), nor `.env` (readEnvironment, dot-env.ts). A missing or invalid setting stops start-up
 * with one line naming the variable.
 */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const url = (name: string, example = "http://127.0.0.1:4010") =>
  z
    .string()
    .trim()
    .url(`${name} must be an absolute URL such as ${example}`)
    .transform((v) => v.replace(/\/+$/, ""));

// Only http(s) opens the web app from Slack; paths are appended, so a query or fragment would swallow them.
const webUrl = url("UPTIME_WEB_URL", "https://uptime.example.com").refine(
  (v) => /^https?:\/\/[^?#]*$/i.test(v),
  "UPTIME_WEB_URL must be an http(s) URL without ? or #, such as https://uptime.example.com",
);

// Without `{id}` every monitor (or incident) would link to the same page.
const pathTemplate = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? fallback : v))
    .pipe(
      z
        .string()
        .refine(
          (v) => v.includes(ID_PLACEHOLDER),
          `${name} must contain ${ID_PLACEHOLDER}, e.g. ${fallback}`,
        ),
    )
    .default(fallback);

// A whole number of at least 1: a fair share of nothing would refuse everyone.
const perMinute = (name: string, fallback: number) =>
  z.coerce
    .number({ message: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(1_000_000, `${name} must be at most 1000000`)
    .default(fallback);

// A time in whole milliseconds within [min, max].
const milliseconds = (name: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number()
    .int(`${name} must be a whole number of milliseconds`)
    .min(min, `${name} must be at least ${min} (ms)`)
    .max(max, `${name} must be at most ${max} (ms)`)
    .default(fallback);

/** The shortest SLACK_STATE_SECRET start-up accepts. */
export const STATE_SECRET_MIN_LENGTH = 32;

const schema = z
  .object({
    SLACK_BOT_TOKEN: optionalText,
    SLACK_SIGNING_SECRET: optionalText,
    SLACK_APP_TOKEN: optionalText,
    SLACK_CLIENT_ID: optionalText,
    SLACK_CLIENT_SECRET: optionalText,
    // Bolt signs the OAuth install's state with it: a short one could be guessed, and an install forged.
    SLACK_STATE_SECRET: optionalText.pipe(
      z
        .string()
        .min(
          STATE_SECRET_MIN_LENGTH,
          `SLACK_STATE_SECRET must be at least ${STATE_SECRET_MIN_LENGTH} characters (a long random string, e.g. \`openssl rand -hex 32\`)`,
        )
        .optional(),
    ),
    SLACK_API_URL: optionalText.pipe(url("SLACK_API_URL").optional()),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    METRICS_HOST: z
      .string()
      .trim()
      .min(1, "METRICS_HOST must be a host name or address")
      .default("127.0.0.1"),
    UPTIME_API_URL: url("UPTIME_API_URL"),
    UPTIME_WEB_URL: optionalText.pipe(webUrl.optional()),
    UPTIME_WEB_MONITOR_PATH: pathTemplate("UPTIME_WEB_MONITOR_PATH", DEFAULT_MONITOR_PATH),
    UPTIME_WEB_INCIDENT_PATH: pathTemplate("UPTIME_WEB_INCIDENT_PATH", DEFAULT_INCIDENT_PATH),
    REDIS_URL: optionalText.pipe(redisUrl.optional()),
    // Seeds of a Redis Cluster; when set, REDIS_URL is unused.
    REDIS_CLUSTER_NODES: optionalText,
    // How long a Redis command may wait for its answer (redis-connection.ts).
    REDIS_COMMAND_TIMEOUT_MS: z.coerce
      .number()
      .int("REDIS_COMMAND_TIMEOUT_MS must be a whole number of milliseconds")
      .min(100, "REDIS_COMMAND_TIMEOUT_MS must be at least 100 (ms)")
      .max(60_000, "REDIS_COMMAND_TIMEOUT_MS must be at most 60000 (ms)")
      .default(DEFAULT_REDIS_COMMAND_TIMEOUT_MS),
    TOKEN_ENCRYPTION_KEY: z.string().trim().min(1, "TOKEN_ENCRYPTION_KEY is required"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        message: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    // Each person's fair share: a rate per minute and a burst.
    FAIR_SHARE_COMMANDS_PER_MINUTE: perMinute(
      "FAIR_SHARE_COMMANDS_PER_MINUTE",
      DEFAULT_FAIR_SHARE.commandsPerMinute,
    ),
    FAIR_SHARE_COMMAND_BURST: perMinute("FAIR_SHARE_COMMAND_BURST", DEFAULT_FAIR_SHARE.commandBurst),
    FAIR_SHARE_CHARTS_PER_MINUTE: perMinute(
      "FAIR_SHARE_CHARTS_PER_MINUTE",
      DEFAULT_FAIR_SHARE.chartsPerMinute,
    ),
    FAIR_SHARE_CHART_BURST: perMinute("FAIR_SHARE_CHART_BURST", DEFAULT_FAIR_SHARE.chartBurst),
    // The API's limit per token as assumed here, and the part of it kept for polling (A12).
    UPTIME_API_RATE_PER_TOKEN: z.coerce
      .number({ message: "UPTIME_API_RATE_PER_TOKEN must be a number of requests per second" })
      .positive("UPTIME_API_RATE_PER_TOKEN must be more than 0 (requests per second)")
      .default(DEFAULT_API_BUDGET.perSecond),
    UPTIME_API_POLL_RESERVE: z.coerce
      .number({ message: "UPTIME_API_POLL_RESERVE must be a number of requests per second" })
      .min(0, "UPTIME_API_POLL_RESERVE must be at least 0 (requests per second)")
      .default(DEFAULT_API_BUDGET.pollReserve),
    ALERT_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
    // How long one alert Slack call may take (slack/slack-timeouts.ts), and how long after an unanswered post a retry
    // waits before posting again (alerts/engine/channel-posting.ts). Tests shorten both; the defaults are the product's.
    SLACK_ALERT_CALL_TIMEOUT_MS: milliseconds(
      "SLACK_ALERT_CALL_TIMEOUT_MS",
      100,
      120_000,
      SLACK_CALL_TIMEOUT_MS,
    ),
    ALERT_POST_SETTLE_MS: milliseconds("ALERT_POST_SETTLE_MS", 100, 600_000, POST_SETTLE_MS),
  })
  .superRefine((env, ctx) => {
    const oauth = [env.SLACK_CLIENT_ID, env.SLACK_CLIENT_SECRET, env.SLACK_STATE_SECRET];
    const someOauth = oauth.some(Boolean);
    if (someOauth && !oauth.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: [
          ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SLACK_STATE_SECRET"][oauth.findIndex((v) => !v)] ??
            "SLACK_CLIENT_ID",
        ],
        message: "is required when any of SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_STATE_SECRET is set",
      });
    }
    if (!someOauth && !env.SLACK_BOT_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["SLACK_BOT_TOKEN"],
        message:
          "is required (or set SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET for OAuth installs)",
      });
    }
    if (!env.SLACK_APP_TOKEN && !env.SLACK_SIGNING_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SLACK_SIGNING_SECRET"],
        message: "is required in HTTP mode (set SLACK_APP_TOKEN instead to use Socket Mode)",
      });
    }
    if (env.REDIS_CLUSTER_NODES) {
      try {
        parseClusterNodes(env.REDIS_CLUSTER_NODES);
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["REDIS_CLUSTER_NODES"], message: (error as Error).message });
      }
    } else if (!env.REDIS_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message: "is required (or set REDIS_CLUSTER_NODES=host:port,... for a Redis Cluster)",
      });
    }
    // Parsed here, not first in startBot, so that a wrong key stops start-up with the same one line as every
    // other setting. The message never contains any part of the value (encryption-keys.ts).
    try {
      parseEncryptionKeys(env.TOKEN_ENCRYPTION_KEY);
    } catch (error) {
      if (!(error instanceof InvalidKeyConfigError)) throw error;
      ctx.addIssue({ code: "custom", path: [KEY_VARIABLE], message: error.message });
    }
    if (env.UPTIME_API_POLL_RESERVE >= env.UPTIME_API_RATE_PER_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["UPTIME_API_POLL_RESERVE"],
        message: `must be less than UPTIME_API_RATE_PER_TOKEN (${env.UPTIME_API_RATE_PER_TOKEN}): commands need a share too`,
      });
    }
    // A post Slack carries out after the client gave up on it lands after the call timeout: a settle no
    // longer than the timeout would let the retry post before it, twice (docs/architecture.md section 5).
    if (env.ALERT_POST_SETTLE_MS <= env.SLACK_ALERT_CALL_TIMEOUT_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["ALERT_POST_SETTLE_MS"],
        message: `must be more than SLACK_ALERT_CALL_TIMEOUT_MS (${env.SLACK_ALERT_CALL_TIMEOUT_MS}): a timed-out post may still land after it`,
      });
    }
    if (env.SLACK_APP_TOKEN && !env.SLACK_APP_TOKEN.startsWith("xapp-")) {
      ctx.addIssue({
        code: "custom",
        path: ["SLACK_APP_TOKEN"],
        message: "must be an app-level token (xapp-...)",
      });
    }
  });

export type Config = Readonly<{
  slack: Readonly<{
    botToken?: string;
    signingSecret?: string;
    appToken?: string;
    oauth?: Readonly<{ clientId: string; clientSecret: string; stateSecret: string }>;
    apiUrl?: string;
    socketMode: boolean;
  }>;
  port: number;
  /** `/metrics` and `/readyz`. */
  metrics: Readonly<{ host: string; port: number }>;
  uptimeApiUrl: string;
  /** UPTIME_WEB_URL and its path templates; undefined when UPTIME_WEB_URL is unset (names are not linked). */
  webLinks: Readonly<WebLinks> | undefined;
  /** `{ url }` (REDIS_URL) or `{ clusterNodes }` (REDIS_CLUSTER_NODES, which wins). */
  redis: RedisTarget;
  /** REDIS_COMMAND_TIMEOUT_MS: how long one Redis command may wait for its answer. */
  redisCommandTimeoutMs: number;
  tokenEncryptionKey: string;
  logLevel: string;
  pollIntervalSeconds: number;
  alertWorkers: number;
  /** SLACK_ALERT_CALL_TIMEOUT_MS: how long one Slack call of the alert clients may take. */
  slackAlertCallTimeoutMs: number;
  /** ALERT_POST_SETTLE_MS: how long after an unanswered post a retry waits; more than the call timeout. */
  alertPostSettleMs: number;
  /** FAIR_SHARE_*: each person's commands and charts. */
  fairShare: Readonly<FairShareLimits>;
  /** UPTIME_API_RATE_PER_TOKEN and UPTIME_API_POLL_RESERVE (A12). */
  apiBudget: Readonly<ApiBudgetLimits>;
}>;

/** What `npm run rotate-key` reads, checked as loadConfig does; the Slack and API settings may be absent. */
export function loadKeyConfig(
  env: Record<string, string | undefined>,
): Pick<Config, "redis" | "tokenEncryptionKey"> {
  const config = loadConfig({
    ...env,
    ...{ SLACK_BOT_TOKEN: "-", SLACK_SIGNING_SECRET: "-", UPTIME_API_URL: "http://unused" },
    ...{ SLACK_APP_TOKEN: "", SLACK_CLIENT_ID: "", SLACK_CLIENT_SECRET: "", SLACK_STATE_SECRET: "" },
  });
  return { redis: config.redis, tokenEncryptionKey: config.tokenEncryptionKey };
}

/** Parses the environment; throws ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw configError(parsed.error, env);
  const e = parsed.data;
  const oauth =
    e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_STATE_SECRET
      ? Object.freeze({
          clientId: e.SLACK_CLIENT_ID,
          clientSecret: e.SLACK_CLIENT_SECRET,
          stateSecret: e.SLACK_STATE_SECRET,
        })
      : undefined;
  return Object.freeze({
    slack: Object.freeze({
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      oauth,
      apiUrl: e.SLACK_API_URL ? `${e.SLACK_API_URL}/` : undefined,
      socketMode: Boolean(e.SLACK_APP_TOKEN),
    }),
    port: e.PORT,
    metrics: Object.freeze({ host: e.METRICS_HOST, port: e.METRICS_PORT }),
    uptimeApiUrl: e.UPTIME_API_URL,
    webLinks: e.UPTIME_WEB_URL
      ? Object.freeze({
          baseUrl: e.UPTIME_WEB_URL,
          monitorPath: e.UPTIME_WEB_MONITOR_PATH,
          incidentPath: e.UPTIME_WEB_INCIDENT_PATH,
        })
      : undefined,
    redis: Object.freeze(
      e.REDIS_CLUSTER_NODES
        ? { clusterNodes: parseClusterNodes(e.REDIS_CLUSTER_NODES), ...redisSecurity(env, true) }
        : { url: e.REDIS_URL ?? "", ...redisSecurity(env, false) },
    ),
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    logLevel: e.LOG_LEVEL,
    pollIntervalSeconds: e.POLL_INTERVAL_SECONDS,
    alertWorkers: e.ALERT_WORKERS,
    slackAlertCallTimeoutMs: e.SLACK_ALERT_CALL_TIMEOUT_MS,
    alertPostSettleMs: e.ALERT_POST_SETTLE_MS,
    fairShare: Object.freeze({
      commandsPerMinute: e.FAIR_SHARE_COMMANDS_PER_MINUTE,
      commandBurst: e.FAIR_SHARE_COMMAND_BURST,
      chartsPerMinute: e.FAIR_SHARE_CHARTS_PER_MINUTE,
      chartBurst: e.FAIR_SHARE_CHART_BURST,
    }),
    apiBudget: Object.freeze({
      perSecond: e.UPTIME_API_RATE_PER_TOKEN,
      pollReserve: e.UPTIME_API_POLL_RESERVE,
    }),
  });
}
