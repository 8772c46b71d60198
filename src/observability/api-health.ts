import { Gauge, Registry } from "prom-client";
import { METRIC_PREFIX } from "../domain/metric-prefix";
import type { Logger } from "../lib/logger";

export interface ApiHealthOptions {
  /** Resolves when the API answered (any HTTP status), rejects when it could not be reached. */
  probe: (signal: AbortSignal) => Promise<void>;
  logger: Logger;
  /** How often the probe runs without a scrape (default 30 s), so that an outage is logged anyway. */
  intervalMs?: number;
  /** A scrape reuses a probe younger than this (default 10 s). */
  maxAgeMs?: number;
  /** Deadline of one probe (default 2 s). */
  timeoutMs?: number;
}

/**
 * The Uptime API's reachability as the `uptime_chatops_uptime_api_up` gauge (1/0) and one log line per change. It is not
 * part of readiness (docs/architecture.md section 9): an API outage must not make the load balancer cut Slack off from the bot,
 * which still answers with a sentence and keeps its alert state.
 */
export class ApiHealth {
  #up: boolean | undefined;
  #checkedAt = 0;
  #running: Promise<boolean> | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #options: Required<ApiHealthOptions>;
  /** A registry of its own, rendered after the alert pipeline's by the metrics server. */
  readonly registry = new Registry();

  constructor(options: ApiHealthOptions) {
    this.#options = { intervalMs: 30_000, maxAgeMs: 10_000, timeoutMs: 2000, ...options };
    const health = this;
    new Gauge({
      name: `${METRIC_PREFIX}uptime_api_up`,
      help: "1 when the Uptime API answered the last probe (any HTTP status), 0 when it could not be reached",
      registers: [this.registry],
      async collect() {
        this.set((await health.current()) ? 1 : 0);
      },
    });
  }

  /** The last result when recent enough, else a new probe. */
  async current(): Promise<boolean> {
    if (this.#up !== undefined && Date.now() - this.#checkedAt < this.#options.maxAgeMs) return this.#up;
    return this.check();
  }

  check(): Promise<boolean> {
    this.#running ??= this.#probe().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  start(): void {
    void this.check();
    this.#timer = setInterval(() => void this.check(), this.#options.intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async #probe(): Promise<boolean> {
    let error: unknown;
    try {
      await this.#options.probe(AbortSignal.timeout(this.#options.timeoutMs));
    } catch (caught) {
      error = caught;
    }
    const up = error === undefined;
    if (up !== this.#up) {
      if (up) this.#options.logger.info("uptime api reachable");
      else this.#options.logger.warn({ err: error }, "uptime api unreachable");
    }
    this.#up = up;
    this.#checkedAt = Date.now();
    return up;
  }
}
