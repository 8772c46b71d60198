import type { Logger } from "../lib/logger";
import { silentLogger } from "../lib/logger";
import { UsageError } from "./errors";
import { Groups } from "./resources/groups";
import { Incidents } from "./resources/incidents";
import { Locations } from "./resources/locations";
import { Monitors } from "./resources/monitors";
import { Status } from "./resources/status";
import { Teams } from "./resources/teams";
import { Users } from "./resources/users";
import { DEFAULT_RETRY, type RetryOptions } from "./retry-policy";
import {
  type CallGate,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_USER_AGENT,
  Session,
  Transport,
  type UptimeCall,
} from "./transport";

export interface UptimeClientOptions {
  /** The service's base address, with or without a path (`https://api.example.com/v1`). */
  baseUrl: string | URL;
  /** Most connections to the API at once (default 64). */
  connections?: number;
  /** Headers, body and connect timeout of each attempt, in ms (default 10,000). */
  timeoutMs?: number;
  /** Largest response body read, in bytes (default 1 MiB); a larger one is a DecodeError, never retried. */
  maxResponseBytes?: number;
  /** How long an idle connection is kept open, in ms (default 4,000, lowered by a server hint). */
  keepAliveTimeoutMs?: number;
  /** Retry policy of idempotent requests; missing members keep their defaults. */
  retry?: Partial<RetryOptions>;
  /** Default `uptime-chatops/<version>`. */
  userAgent?: string;
  /** Receives one warning per retry (method, path, delay; never the token). */
  logger?: Logger;
  /** Told of every attempt (each retry is one): its method, HTTP status (null: no answer) and duration. */
  onCall?: (call: UptimeCall) => void;
}

function positive(name: string, value: number, allowZero = false): number {
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    throw new UsageError(`${name} must be a ${allowZero ? "non-negative" : "positive"} number, got ${value}`);
  }
  return value;
}

/** Every resource of the API, acting as one user (the token given to `UptimeClient.as`). */
export class UptimeApi {
  readonly users: Users;
  readonly teams: Teams;
  readonly monitors: Monitors;
  readonly incidents: Incidents;
  readonly locations: Locations;
  readonly groups: Groups;
  readonly status: Status;

  constructor(session: Session) {
    this.users = new Users(session);
    this.teams = new Teams(session);
    this.monitors = new Monitors(session);
    this.incidents = new Incidents(session);
    this.locations = new Locations(session);
    this.groups = new Groups(session);
    this.status = new Status(session);
  }
}

/**
 * The Uptime Monitoring Service client: one connection pool for the process, and a cheap per-user
 * view from `as(token)`.
 */
export class UptimeClient {
  readonly #transport: Transport;

  constructor(options: UptimeClientOptions) {
    const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
    positive("retry.retries", retry.retries, true);
    positive("retry.baseMs", retry.baseMs, true);
    positive("retry.maxMs", retry.maxMs, true);
    positive("retry.maxRetryAfterMs", retry.maxRetryAfterMs, true);
    this.#transport = new Transport({
      baseUrl: options.baseUrl,
      connections: positive("connections", options.connections ?? 64),
      timeoutMs: positive("timeoutMs", options.timeoutMs ?? 10_000),
      maxResponseBytes: positive("maxResponseBytes", options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
      keepAliveTimeoutMs: positive("keepAliveTimeoutMs", options.keepAliveTimeoutMs ?? 4_000),
      retry,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      logger: options.logger ?? silentLogger,
      ...(options.onCall ? { onCall: options.onCall } : {}),
    });
  }

  /**
   * The API as the user who owns `token`; shares this client's connection pool. A `gate` is asked before
   * each attempt (the interactive share of the token's rate limit, A12).
   */
  as(token: string, gate?: CallGate): UptimeApi {
    return new UptimeApi(new Session(this.#transport, token, gate));
  }

  /** Connection pool counters: connected, free, pending, queued, running, size. */
  get stats() {
    return this.#transport.stats;
  }

  /** Waits for running requests, then closes every connection. */
  close(): Promise<void> {
    return this.#transport.close();
  }
}
