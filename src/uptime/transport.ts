// The one HTTP path of the client: an undici Pool per origin (bounded, keep-alive), timeouts,
// cancellation, retries with backoff for idempotent requests, and the mapping of every failure to
// the UptimeError family. Bodies are always read to the end so sockets return to the pool.
import { STATUS_CODES } from "node:http";
import { Pool } from "undici";
import { backoffDelay, sleep } from "../lib/backoff";
import type { Logger } from "../lib/logger";
import {
  AbortedError,
  ApiError,
  type ApiErrorObject,
  AuthenticationError,
  ClientError,
  DecodeError,
  NetworkError,
  NotFoundError,
  PermissionDeniedError,
  parseRetryAfter,
  RateLimitError,
  type RequestInfo,
  type ResponseHeaders,
  ServerError,
  TimeoutError,
  UnexpectedStatusError,
  UptimeError,
  UsageError,
  ValidationError,
} from "./errors";
import { bodyText, requestWhole } from "./request-whole";
import { CLIENT_VERSION } from "./version";

export interface RetryOptions {
  /** Retries after the first attempt (GET and acknowledge only). */
  retries: number;
  /** First backoff delay in ms; doubles per attempt, with full jitter (src/lib/backoff). */
  baseMs: number;
  /** Largest backoff delay in ms. */
  maxMs: number;
  /** A `Retry-After` longer than this is not waited for: the RateLimitError goes to the caller. */
  maxRetryAfterMs: number;
  /** Random source in [0, 1) for the jitter. */
  random?: () => number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 2, baseMs: 250, maxMs: 4_000, maxRetryAfterMs: 30_000 };

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
}

const RAW_BODY_LIMIT = 1_000;

/**
 * Largest API response body the client reads (1 MiB). A page holds 10 items (reference, Pagination), a few
 * KB; anything near this is a broken or hostile server, refused before it fills memory. undici checks
 * Content-Length first and counts the bytes of a chunked body as they arrive. Stated in README.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

/** Status -> error class (A1, A2). */
function errorClassFor(status: number): new (init: ConstructorParameters<typeof ApiError>[0]) => ApiError {
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 422) return ValidationError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  if (status >= 400) return ClientError;
  return UnexpectedStatusError;
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
}

/** The A1 `errors` array of a body, tolerating empty, non-JSON and oddly shaped bodies. */
export function parseErrorObjects(text: string): { errors: ApiErrorObject[]; message: string | undefined } {
  if (text.length === 0) return { errors: [], message: undefined };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { errors: [], message: undefined };
  }
  if (json === null || typeof json !== "object") return { errors: [], message: undefined };
  const doc = json as Record<string, unknown>;
  const errors: ApiErrorObject[] = [];
  if (Array.isArray(doc.errors)) {
    for (const item of doc.errors) {
      if (item === null || typeof item !== "object") continue;
      const e = item as Record<string, unknown>;
      const out: ApiErrorObject = {};
      const status = str(e.status);
      const code = str(e.code);
      const title = str(e.title);
      const detail = str(e.detail);
      if (status !== undefined) out.status = status;
      if (code !== undefined) out.code = code;
      if (title !== undefined) out.title = title;
      if (detail !== undefined) out.detail = detail;
      if (e.source !== null && typeof e.source === "object") {
        const s = e.source as Record<string, unknown>;
        const source: { pointer?: string; parameter?: string } = {};
        if (typeof s.pointer === "string") source.pointer = s.pointer;
        if (typeof s.parameter === "string") source.parameter = s.parameter;
        out.source = source;
      }
      errors.push(out);
    }
  }
  // Some servers answer `{"message": "..."}`; keep it as the detail.
  return { errors, message: str(doc.message) };
}

/** The typed error for a non-2xx response. */
export function apiErrorFrom(
  status: number,
  headers: ResponseHeaders,
  text: string,
  request: RequestInfo,
): ApiError {
  const { errors, message } = parseErrorObjects(text);
  const first = errors[0];
  const ErrorClass = errorClassFor(status);
  return new ErrorClass({
    status,
    title: first?.title ?? STATUS_CODES[status] ?? "HTTP error",
    detail: first?.detail ?? message ?? null,
    errors,
    headers,
    request,
    rawBody: text.length > RAW_BODY_LIMIT ? text.slice(0, RAW_BODY_LIMIT) : text,
  });
}

const TIMEOUT_PHASES: Record<string, "connect" | "headers" | "body"> = {
  UND_ERR_CONNECT_TIMEOUT: "connect",
  UND_ERR_HEADERS_TIMEOUT: "headers",
  UND_ERR_BODY_TIMEOUT: "body",
};

/** Codes after which another attempt cannot help. */
const FINAL_CODES = new Set(["UND_ERR_CLOSED", "UND_ERR_DESTROYED", "UND_ERR_INVALID_ARG"]);

function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

/**
 * The error for a call whose signal fired. A deadline (`AbortSignal.timeout`) means "too slow", the
 * same outcome as undici's own timeouts, so callers see one TimeoutError however the limit was set;
 * any other reason is a cancellation.
 */
function abortError(request: RequestInfo, reason: unknown): UptimeError {
  // AbortSignal.timeout() fires with a DOMException whose legacy code is TIMEOUT_ERR.
  if (reason instanceof DOMException && reason.code === DOMException.TIMEOUT_ERR) {
    return new TimeoutError("deadline", request, null, { cause: reason });
  }
  return new AbortedError(request, { cause: reason });
}

/** Any throw from undici (or its body stream) as an UptimeError. */
function transportError(err: unknown, request: RequestInfo, signal: AbortSignal | undefined): UptimeError {
  if (err instanceof UptimeError) return err;
  if (signal?.aborted) return abortError(request, signal.reason);
  const code = codeOf(err);
  const phase = code ? TIMEOUT_PHASES[code] : undefined;
  if (phase) return new TimeoutError(phase, request, code, { cause: err });
  if (code === "UND_ERR_RES_EXCEEDED_MAX_SIZE") {
    // Not retried (a DecodeError): the same request would bring the same oversized answer.
    return new DecodeError([{ path: "", message: "response body exceeds the size limit" }], {
      request,
      cause: err,
    });
  }
  if (code === "UND_ERR_CLOSED" || code === "UND_ERR_DESTROYED") {
    return new UsageError(`${request.method} ${request.path}: the client is closed`, { cause: err });
  }
  if (code === "UND_ERR_INVALID_ARG") {
    return new UsageError(`${request.method} ${request.path}: ${(err as Error).message}`, { cause: err });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new NetworkError(message, request, code, { cause: err });
}

function isRetryable(err: UptimeError, signal: AbortSignal | undefined): boolean {
  // Once the caller's signal has fired (a deadline's TimeoutError is a NetworkError), another attempt
  // could only sleep on a fired signal.
  if (signal?.aborted) return false;
  if (err instanceof ServerError || err instanceof RateLimitError) return true;
  return err instanceof NetworkError && !(err.transportCode !== null && FINAL_CODES.has(err.transportCode));
}

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
      try {
        return await this.#once(spec, decode, shortcut);
      } catch (err) {
        error = err instanceof UptimeError ? err : transportError(err, spec, signal);
      }
      if (!spec.retry || attempt >= retry.retries || !isRetryable(error, signal)) throw error;
      const delayMs = this.#delayBeforeRetry(error, attempt);
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

  /** Retry-After when the server sent one (null = longer than the cap: give up), else backoff. */
  #delayBeforeRetry(error: UptimeError, attempt: number): number | null {
    const retry = this.#retry;
    if (error instanceof ApiError) {
      // A2: 429 carries Retry-After; a 503 that sends one is honoured the same way.
      const after = parseRetryAfter(error.headers["retry-after"]);
      if (after !== null) {
        const ms = after * 1000;
        return ms > retry.maxRetryAfterMs ? null : ms;
      }
    }
    return backoffDelay(attempt, retry);
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

  constructor(transport: Transport, token: string) {
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
      },
      decode,
    );
  }
}

export const DEFAULT_USER_AGENT = `uptime-chatops/${CLIENT_VERSION}`;
