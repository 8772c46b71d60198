import type { FetchFunction } from "@slack/web-api";
import { Gauge, Histogram, Registry } from "prom-client";
import { METRIC_PREFIX } from "../domain/metric-prefix";
import type { UptimeCall } from "../uptime";
import { CLIENT_VERSION } from "../uptime/version";

/**
 * The bot's own metrics beside the alert pipeline's: which build runs, whether Redis answers, and how long
 * the calls to Slack and to the Uptime API take (Slack's 3 s ack limit and the poll interval are what these
 * latencies eat into). A registry of its own, rendered by the metrics server after the pipeline's.
 */
export interface BotMetrics {
  readonly registry: Registry;
  /** For every Uptime API attempt (UptimeClientOptions.onCall). */
  uptimeCall(call: UptimeCall): void;
  /** `fetch` for a Slack WebClient that times each HTTP call by Slack method. */
  readonly slackFetch: FetchFunction;
}

/** Seconds: Slack answers in tens of ms, the API in tens to hundreds; 10 s is both clients' timeout. */
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Slack Web API method names (`chat.postMessage`): a bounded set, unlike URLs with ids. */
const SLACK_METHOD = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/;

export interface BotMetricsOptions {
  /** Sampled on every scrape for `uptime_chatops_redis_up`: whether Redis answers (the readiness probe). */
  redisUp?: () => Promise<boolean>;
  /** What slackFetch wraps; default the global fetch. */
  fetch?: FetchFunction;
}

export function createBotMetrics(options: BotMetricsOptions = {}): BotMetrics {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: `${METRIC_PREFIX}build_info`,
    help: "Always 1: the running version and Node.js version, as labels",
    labelNames: ["version", "nodejs_version"],
    registers,
  }).set({ version: CLIENT_VERSION, nodejs_version: process.version }, 1);
  const redisUp = options.redisUp;
  new Gauge({
    name: `${METRIC_PREFIX}redis_up`,
    help: "1 when Redis answered a PING within 2 s at the last scrape, else 0 (the replica is not ready)",
    registers,
    async collect() {
      if (redisUp) this.set((await redisUp()) ? 1 : 0);
    },
  });
  const slack = new Histogram({
    name: `${METRIC_PREFIX}slack_api_request_duration_seconds`,
    help: "Slack Web API calls, by method and outcome (HTTP status class, or error when no answer came)",
    labelNames: ["method", "outcome"],
    buckets: CALL_BUCKETS,
    registers,
  });
  const uptime = new Histogram({
    name: `${METRIC_PREFIX}uptime_api_request_duration_seconds`,
    help: "Uptime API attempts (each retry is one), by HTTP method and outcome (status class, or error)",
    labelNames: ["method", "outcome"],
    buckets: CALL_BUCKETS,
    registers,
  });
  const fetchFn = options.fetch ?? (globalThis.fetch as unknown as FetchFunction);
  return {
    registry,
    uptimeCall: (call) =>
      uptime.observe({ method: call.method, outcome: outcomeOf(call.status) }, call.seconds),
    slackFetch: async (url, init) => {
      const started = performance.now();
      const method = slackMethodOf(url);
      try {
        const response = await fetchFn(url, init);
        slack.observe({ method, outcome: outcomeOf(response.status) }, (performance.now() - started) / 1000);
        return response;
      } catch (error) {
        slack.observe({ method, outcome: "error" }, (performance.now() - started) / 1000);
        throw error;
      }
    },
  };
}

/** `2xx`... from a status, `error` when the call got no answer. Pure. */
export function outcomeOf(status: number | null): string {
  return status === null ? "error" : `${Math.floor(status / 100)}xx`;
}

/** The method of a Web API URL (`.../api/chat.postMessage`), `other` for anything else. Pure. */
export function slackMethodOf(url: string | URL): string {
  const path = (typeof url === "string" ? url : url.href).split("?")[0] ?? "";
  const last = path.slice(path.lastIndexOf("/") + 1);
  return SLACK_METHOD.test(last) ? last : "other";
}
