import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { METRIC_PREFIX } from "../domain/metric-prefix";
import type { Logger } from "../lib/logger";
import { silentLogger } from "../lib/logger";
import { deadLettersOf } from "../store/keys";
import { DEFAULT_CONSUMER_GROUP } from "../store/outbox-store";
import type { RedisClient } from "../store/redis-connection";
import type { AlertMetrics, PollMetrics } from "./metrics";

// A Registry of their own, not prom-client's global one, so two instances in one process do not collide.

export interface OutboxSample {
  length: number;
  pending: number;
  lag: number;
  deadLetters: number;
}

export interface PrometheusMetrics {
  registry: Registry;
  poll: PollMetrics;
  alert: AlertMetrics;
  renderMetrics(): Promise<{ contentType: string; body: string }>;
}

export interface PrometheusMetricsOptions {
  sampleOutbox?: () => Promise<OutboxSample>;
  /** Sampled on every scrape for `uptime_chatops_subscriptions_paused`: paused subscriptions by reason. */
  samplePaused?: () => Promise<ReadonlyMap<string, number>>;
  /** Sampled on every scrape for `uptime_chatops_poll_lag_seconds`: the earliest due time (ms), null with none. */
  sampleEarliestDue?: () => Promise<number | null>;
  processMetrics?: boolean;
  prefix?: string;
  logger?: Logger;
}

/** Seconds; alerts aim at the poll interval + 1 s. */
const LATENCY_BUCKETS = [0.5, 1, 2, 3, 4, 5, 6, 7.5, 10, 15, 30, 60, 120, 300];

export function createPrometheusMetrics(options: PrometheusMetricsOptions = {}): PrometheusMetrics {
  const registry = new Registry();
  const p = options.prefix ?? METRIC_PREFIX;
  const logger = options.logger ?? silentLogger;
  const registers = [registry];
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry });

  const polls = new Counter({
    name: `${p}polls_total`,
    help: "Polls of a target (an API team as seen by one token), by outcome",
    labelNames: ["outcome"],
    registers,
  });
  const pollErrors = new Counter({
    name: `${p}poll_errors_total`,
    help: "Poll failures by kind; a failed poll emits no events",
    labelNames: ["kind"],
    registers,
  });
  const events = new Counter({
    name: `${p}alert_events_total`,
    help: "Alert events committed to the outbox, by type",
    labelNames: ["type"],
    registers,
  });
  const takeovers = new Counter({
    name: `${p}lease_takeovers_total`,
    help: "Commits refused because another worker took the target over after its claim ran out",
    registers,
  });
  const deliveries = new Counter({
    name: `${p}deliveries_total`,
    help: "Outcomes of delivering an event to one channel",
    labelNames: ["outcome"],
    registers,
  });
  const latency = new Histogram({
    name: `${p}delivery_latency_seconds`,
    help: "From the incident's start (API clock) to its root message being posted",
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const deadLetters = new Counter({
    name: `${p}alert_dead_letters_total`,
    help: "Outbox entries moved to the dead-letter stream (npm run alerts -- dead-letters), by reason",
    labelNames: ["reason"],
    registers,
  });
  const wait = new Histogram({
    name: `${p}outbox_wait_seconds`,
    help: "How long an outbox entry waited before a delivery worker read it",
    buckets: LATENCY_BUCKETS,
    registers,
  });

  const sample = options.sampleOutbox;
  let last: Promise<OutboxSample | null> | null = null;
  // The three gauges are collected one after the other on a scrape: one Redis sample serves them all.
  const sampled = (): Promise<OutboxSample | null> => {
    if (!sample) return Promise.resolve(null);
    last ??= sample()
      .catch((error: unknown) => {
        logger.warn({ err: (error as Error).message }, "outbox sample failed");
        return null;
      })
      .finally(() => {
        setImmediate(() => {
          last = null;
        });
      });
    return last;
  };
  const outboxGauge = (name: string, help: string, pick: (s: OutboxSample) => number) =>
    new Gauge({
      name: `${p}${name}`,
      help,
      registers,
      async collect() {
        const s = await sampled();
        if (s) this.set(pick(s));
      },
    });
  outboxGauge(
    "outbox_lag",
    "Outbox entries not yet acknowledged by delivery (unread + pending)",
    (s) => s.lag,
  );
  outboxGauge(
    "outbox_pending",
    "Outbox entries read by a delivery worker and not yet acknowledged",
    (s) => s.pending,
  );
  outboxGauge("outbox_length", "Outbox entries kept in the streams (XLEN)", (s) => s.length);
  outboxGauge(
    "alert_dead_letters",
    "Alert events waiting in the dead-letter streams (npm run alerts -- dead-letters [--replay])",
    (s) => s.deadLetters,
  );

  const samplePaused = options.samplePaused;
  new Gauge({
    name: `${p}subscriptions_paused`,
    help: "Channel subscriptions paused now, by reason (a confirmed token rejection or a permanent Slack error)",
    labelNames: ["reason"],
    registers,
    async collect() {
      if (!samplePaused) return;
      try {
        const counts = await samplePaused();
        this.reset();
        for (const [reason, count] of counts) this.set({ reason }, count);
      } catch (error) {
        logger.warn({ err: (error as Error).message }, "paused subscriptions sample failed");
      }
    },
  });

  const sampleEarliestDue = options.sampleEarliestDue;
  new Gauge({
    name: `${p}poll_lag_seconds`,
    help: "How far polling is behind: now minus the earliest due time of any poll target (0 when none is overdue)",
    registers,
    async collect() {
      if (!sampleEarliestDue) return;
      try {
        const due = await sampleEarliestDue();
        this.set(due === null ? 0 : Math.max(0, (Date.now() - due) / 1000));
      } catch (error) {
        logger.warn({ err: (error as Error).message }, "poll lag sample failed");
      }
    },
  });

  return {
    registry,
    poll: {
      poll: (outcome) => polls.inc({ outcome }),
      pollError: (kind) => pollErrors.inc({ kind }),
      alertEvent: (type) => events.inc({ type }),
      leaseTakeover: () => takeovers.inc(),
    },
    alert: {
      delivery: (outcome) => deliveries.inc({ outcome }),
      deliveryLatency: (seconds) => {
        if (Number.isFinite(seconds) && seconds >= 0) latency.observe(seconds);
      },
      outboxLag: (seconds) => {
        if (Number.isFinite(seconds) && seconds >= 0) wait.observe(seconds);
      },
      deadLetter: (reason) => deadLetters.inc({ reason }),
    },
    renderMetrics: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

// One pipeline per stream: a Cluster pipeline needs one hash tag. The gauge survives restarts; the counter not.
export function outboxSampler(
  redis: RedisClient,
  streams: readonly string[],
  group: string = DEFAULT_CONSUMER_GROUP,
): () => Promise<OutboxSample> {
  return async () => {
    const perStream = await Promise.all(
      streams.map((stream) =>
        redis.pipeline().xlen(stream).xinfo("GROUPS", stream).xlen(deadLettersOf(stream)).exec(),
      ),
    );
    const total: OutboxSample = { length: 0, pending: 0, lag: 0, deadLetters: 0 };
    for (const replies of perStream) {
      const length = Number(replies?.[0]?.[1] ?? 0);
      // XINFO GROUPS fails on a stream that does not exist yet: nothing to count.
      const [infoError, info] = replies?.[1] ?? [null, []];
      const groupInfo = infoError ? undefined : findGroup(info, group);
      const pending = groupInfo?.pending ?? 0;
      const unread = groupInfo ? (groupInfo.lag ?? Math.max(0, length - pending)) : length;
      total.length += length;
      total.pending += pending;
      total.lag += unread + pending;
      total.deadLetters += Number(replies?.[2]?.[1] ?? 0);
    }
    return total;
  };
}

function findGroup(info: unknown, name: string): { pending: number; lag: number | null } | undefined {
  if (!Array.isArray(info)) return undefined;
  for (const entry of info) {
    if (!Array.isArray(entry)) continue;
    const fields = new Map<string, unknown>();
    for (let i = 0; i + 1 < entry.length; i += 2) fields.set(String(entry[i]), entry[i + 1]);
    if (fields.get("name") !== name) continue;
    const lag = fields.get("lag");
    return {
      pending: Number(fields.get("pending") ?? 0),
      lag: lag === null || lag === undefined ? null : Number(lag),
    };
  }
  return undefined;
}
