// The one HTTP path of the client: an undici Pool per origin (bounded, keep-alive), timeouts,
// cancellation, retries with backoff for idempotent requests (retry-policy.ts), and the mapping of every
// failure to the UptimeError family (api-error-from.ts, transport-error.ts). Bodies are always read to the
// end so sockets return to the pool.
import { Pool } from "undici";
import { sleep } from "../lib/backoff";
import type { Logger } from "../lib/logger";
import { apiErrorFrom } from "./api-error-from";
import { DecodeError, RateLimitError, type ResponseHeaders, UptimeError, UsageError } from "./errors";
import { bodyText, requestWhole } from "./request-whole";
import { delayBeforeRetry, isRetryable, type RetryOptions } from "./retry-policy";
import { abortError, transportError } from "./transport-error";
import { CLIENT_VERSION } from "./version";

/** Per-call options every method accepts. */
export interface CallOptions {
  /**
   * Cancels the call (including retry waits): the call rejects with AbortedError, or with TimeoutError
   * (phase `deadline`) when the signal's reason is a TimeoutError, as `AbortSignal.timeout` gives.
   */
  signal?: AbortSignal;
  /** Overrides the client's headers and body timeout for this call. */
  timeoutMs?: number;
}

export interface TransportOptions {
  baseUrl: string | URL;
  connections: number;
  timeoutMs: number;
  /** Largest response body read, in bytes (see DEFAULT_MAX_RESPONSE_BYTES). */
  maxResponseBytes: number;
  keepAliveTimeoutMs: number;
  retry: RetryOptions;
  userAgent: string;
  logger: Logger;
  onCall?: (call: UptimeCall) => void;
}

/** One attempt of a request, for latency metrics: never its path (ids) nor its token. */
export interface UptimeCall {
  method: HttpMethod;
  /** The HTTP status, or null when no answer came (network error, timeout, abort). */
  status: number | null;
  seconds: number;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * Asked before each attempt of one user's requests (retries included: each attempt counts against the
 * API's limit), and told of each 429: the interactive share of a token's rate limit (docs/architecture.md
 * section 10, A12). `admit` resolves when the attempt may go and rejects, with an error of its own, when
 * it may not; that error reaches the caller as it is.
 */
export interface CallGate {
  admit(signal?: AbortSignal): Promise<void>;
  /** The API answered 429; `retryAfterSeconds` as it said (A2), null when it did not. */
  limited(retryAfterSeconds: number | null): void;
}
export type Decoder<T> = (json: unknown) => T;
/**
 * Answers a 2xx body from its raw bytes when it can tell what it holds without parsing it, else undefined
 * (then the body is read as text, parsed and decoded as usual). For the one hot path that needs it: a
 * poll's checks.
 */
export type BodyShortcut<T> = (body: Buffer) => T | undefined;

interface RequestSpec {
  method: HttpMethod;
  /** Path and query as sent, base path included. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  retry: boolean;
  options: CallOptions | undefined;
  gate?: CallGate | undefined;
}

/**
 * Largest API response body the client reads (1 MiB). A page holds 10 items (reference, Pagination), a few
 * KB; anything near this is a broken or hostile server, refused before it fills memory. undici checks
 * Content-Length first and counts the bytes of a chunked body as they arrive. Stated in README.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

/** The base URL split into the pool's origin and the path prefix every request carries. */
export function splitBaseUrl(baseUrl: string | URL): { origin: string; basePath: string; base: URL } {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new UsageError(`baseUrl is not a URL: ${String(baseUrl)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`baseUrl must be http or https: ${url.protocol}`);
  }
  if (url.username || url.password) throw new UsageError("baseUrl must not carry credentials");
  const basePath = url.pathname.replace(/\/+$/, "");
  // The base with a trailing slash, so relative links resolve below it.
  const base = new URL(`${url.origin}${basePath}/`);
  return { origin: url.origin, basePath, base };
}

export class Transport {
  readonly origin: string;
  readonly basePath: string;
  readonly userAgent: string;
  readonly #base: URL;
  readonly #pool: Pool;
  readonly #retry: RetryOptions;
  readonly #logger: Logger;
  readonly #onCall: ((call: UptimeCall) => void) | undefined;

  constructor(options: TransportOptions) {
    const { origin, basePath, base } = splitBaseUrl(options.baseUrl);
    this.origin = origin;
    this.basePath = basePath;
    this.userAgent = options.userAgent;
    this.#base = base;
    this.#retry = options.retry;
    this.#logger = options.logger;
    this.#onCall = options.onCall;
    this.#pool = new Pool(origin, {
      connections: options.connections,
      keepAliveTimeout: options.keepAliveTimeoutMs,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: { timeout: options.timeoutMs },
      maxResponseSize: options.maxResponseBytes,
    });
  }

  /** Connection pool counters (connected, free, pending, queued, running, size). */
  get stats() {
    const s = this.#pool.stats;
    return {
      connected: s.connected,
      free: s.free,
      pending: s.pending,
      queued: s.queued,
      running: s.running,
      size: s.size,
    };
  }

  /**
   * Path and query of a link from the server (`links.next`): absolute, root-relative or relative to
   * the base URL. Links to another origin are refused, so the token never leaves the API's host.
   */
  pathOfLink(link: string): string {
    let url: URL;
    try {
      url = new URL(link, this.#base);
    } catch {
      throw new DecodeError([{ path: "links.next", message: `not a URL: ${link}` }]);
    }
    if (url.origin !== this.origin) {
      throw new DecodeError([{ path: "links.next", message: `link leaves the API origin: ${url.origin}` }]);
    }
    return url.pathname + url.search;
  }

  /** Sends a request (retrying when `spec.retry` allows) and decodes a 2xx body; null decoder = no body. */
  async execute<T>(spec: RequestSpec, decode: Decoder<T> | null, shortcut?: BodyShortcut<T>): Promise<T> {
    const retry = this.#retry;
    const signal = spec.options?.signal;
    for (let attempt = 0; ; attempt++) {
      let error: UptimeError;
      // Outside the try below: the gate's refusal is its own error, neither retried nor wrapped.
      if (spec.gate) {
        try {
          await spec.gate.admit(signal);
        } catch (reason) {
          if (signal?.aborted) throw abortError(spec, reason);
          throw reason;
        }
      }
      try {
        return await this.#once(spec, decode, shortcut);
      } catch (err) {
        error = err instanceof UptimeError ? err : transportError(err, spec, signal);
      }
      if (spec.gate && error instanceof RateLimitError) spec.gate.limited(error.retryAfter);
      if (!spec.retry || attempt >= retry.retries || !isRetryable(error, signal)) throw error;
      const delayMs = delayBeforeRetry(error, attempt, retry);
      if (delayMs === null) throw error;
      this.#logger.warn(
        { method: spec.method, path: spec.path, attempt: attempt + 1, delayMs, error: error.message },
        "uptime api: retrying",
      );
      try {
        await sleep(delayMs, signal);
      } catch (reason) {
        // sleep() rejects only when the signal fires, with the signal's reason.
        throw abortError(spec, reason);
      }
    }
  }

  async #once<T>(spec: RequestSpec, decode: Decoder<T> | null, shortcut?: BodyShortcut<T>): Promise<T> {
    const signal = spec.options?.signal;
    const timeoutMs = spec.options?.timeoutMs;
    let statusCode: number;
    let headers: ResponseHeaders;
    let body: Buffer;
    const started = this.#onCall ? performance.now() : 0;
    try {
      // Every body is read whole, error bodies included: an unread body keeps its socket out of the pool.
      const res = await requestWhole(
        this.#pool,
        {
          method: spec.method,
          path: spec.path,
          headers: spec.headers,
          body: spec.body,
          // One shape whether set or not: undici reads an undefined timeout as its pool's default.
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        signal,
      );
      statusCode = res.statusCode;
      headers = res.headers;
      body = res.body;
    } catch (err) {
      this.#onCall?.({ method: spec.method, status: null, seconds: (performance.now() - started) / 1000 });
      throw transportError(err, spec, signal);
    }
    this.#onCall?.({
      method: spec.method,
      status: statusCode,
      seconds: (performance.now() - started) / 1000,
    });
    if (statusCode < 200 || statusCode >= 300) throw apiErrorFrom(statusCode, headers, bodyText(body), spec);
    if (decode === null) return undefined as T;
    const quick = shortcut?.(body);
    if (quick !== undefined) return quick;
    const text = bodyText(body);
    let json: unknown;
    try {
      json = text.length === 0 ? undefined : JSON.parse(text);
    } catch (err) {
      throw new DecodeError([{ path: "", message: "body is not valid JSON" }], {
        request: spec,
        status: statusCode,
        cause: err,
      });
    }
    try {
      return decode(json);
    } catch (err) {
      if (err instanceof DecodeError) throw err.withRequest(spec, statusCode);
      // Decoders are total; this is a safety net so that a bug still surfaces as a typed error.
      const message = err instanceof Error ? err.message : String(err);
      throw new DecodeError([{ path: "", message }], { request: spec, status: statusCode, cause: err });
    }
  }

  #closing: Promise<void> | undefined;

  /** Waits for running requests, then closes every connection; later calls share the first one's promise. */
  close(): Promise<void> {
    this.#closing ??= this.#pool.close();
    return this.#closing;
  }
}

const TOKEN = /^[\x21-\x7e]+$/;
const JSON_BODY = "application/json; charset=utf-8";

/**
 * One user's view of the transport: the request headers for that token, built once. Several sessions
 * share one Transport and so one connection pool.
 */
export class Session {
  readonly #t: Transport;
  readonly #headers: Record<string, string>;
  readonly #bodyHeaders: Record<string, string>;
  readonly #gate: CallGate | undefined;

  constructor(transport: Transport, token: string, gate?: CallGate) {
    // The token itself is never part of a message.
    if (typeof token !== "string" || !TOKEN.test(token)) {
      throw new UsageError("token must be a non-empty string of visible ASCII characters");
    }
    this.#t = transport;
    this.#headers = {
      accept: "application/json",
      authorization: `Bearer ${token}`,
      "user-agent": transport.userAgent,
    };
    this.#bodyHeaders = { ...this.#headers, "content-type": JSON_BODY };
    this.#gate = gate;
  }

  /** GET `path` (relative to the base URL, query included); retried (idempotent). */
  get<T>(
    pathAndQuery: string,
    decode: Decoder<T>,
    options?: CallOptions,
    shortcut?: BodyShortcut<T>,
  ): Promise<T> {
    return this.#t.execute(
      {
        method: "GET",
        path: this.#t.basePath + pathAndQuery,
        headers: this.#headers,
        body: undefined,
        retry: true,
        options,
        gate: this.#gate,
      },
      decode,
      shortcut,
    );
  }

  /** GET a link the server gave (`links.next`); retried. */
  getLink<T>(link: string, decode: Decoder<T>, options?: CallOptions): Promise<T> {
    return this.#t.execute(
      {
        method: "GET",
        path: this.#t.pathOfLink(link),
        headers: this.#headers,
        body: undefined,
        retry: true,
        options,
        gate: this.#gate,
      },
      decode,
    );
  }

  /**
   * A request that may change state. Only retried when `idempotent` (acknowledge, A7): create, update,
   * delete, enable and disable are sent once.
   */
  send<T>(
    method: HttpMethod,
    pathAndQuery: string,
    body: unknown,
    decode: Decoder<T> | null,
    options: CallOptions | undefined,
    idempotent = false,
  ): Promise<T> {
    const hasBody = body !== undefined;
    return this.#t.execute(
      {
        method,
        path: this.#t.basePath + pathAndQuery,
        headers: hasBody ? this.#bodyHeaders : this.#headers,
        body: hasBody ? JSON.stringify(body) : undefined,
        retry: idempotent,
        options,
        gate: this.#gate,
      },
      decode,
    );
  }
}

export const DEFAULT_USER_AGENT = `uptime-chatops/${CLIENT_VERSION}`;
