// One typed family for everything that can go wrong in a call to the Uptime API: HTTP statuses,
// transport failures, cancellation and undecodable documents. Nothing here ever holds the token.

/** Response headers as undici returns them. */
export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** One entry of a JSON:API error document (A1); every member is optional on the wire. */
export interface ApiErrorObject {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

/** A 422 error that names the offending field by its JSON pointer (A1, A8). */
export interface FieldError {
  /** JSON pointer into the request document, e.g. `/data/attributes/settings/url`. */
  pointer: string;
  /** Last segment of the pointer, e.g. `url`. */
  field: string;
  title: string | null;
  detail: string | null;
}

/** Where a request went; attached to every error raised for it. */
export interface RequestInfo {
  method: string;
  /** Path and query as sent (no origin, never credentials). */
  path: string;
}

/**
 * What went wrong, one literal per concrete error class. ui/error-text.ts switches on it exhaustively, so
 * adding or renaming an error breaks the build rather than a user's message. The `api.` prefix keeps it
 * apart from the `code` of other libraries' errors (Node's `ECONNREFUSED`, the Slack SDK's `slack_*`).
 */
export type UptimeErrorCode =
  | "api.usage"
  | "api.authentication"
  | "api.permission-denied"
  | "api.not-found"
  | "api.validation"
  | "api.rate-limited"
  | "api.server-error"
  | "api.client-error"
  | "api.unexpected-status"
  | "api.network"
  | "api.timeout"
  | "api.aborted"
  | "api.decode";

/** Base class of every error the client raises. */
export abstract class UptimeError extends Error {
  override readonly name: string = "UptimeError";
  abstract readonly code: UptimeErrorCode;
}

/** The caller passed an argument the client cannot send (empty id, token with a line break, ...). */
export class UsageError extends UptimeError {
  override readonly name: string = "UsageError";
  readonly code = "api.usage";
}

/** The server answered with a non-2xx status. Subclasses name the status family. */
export abstract class ApiError extends UptimeError {
  override readonly name: string = "ApiError";
  readonly status: number;
  readonly title: string;
  readonly detail: string | null;
  /** The A1 `errors` array; empty when the body was empty or not a JSON:API error document. */
  readonly errors: readonly ApiErrorObject[];
  readonly headers: ResponseHeaders;
  readonly method: string;
  readonly path: string;
  /** The body as received, cut to 1,000 characters, for logs when it was not an A1 document. */
  readonly rawBody: string;

  constructor(init: {
    status: number;
    title: string;
    detail: string | null;
    errors: readonly ApiErrorObject[];
    headers: ResponseHeaders;
    request: RequestInfo;
    rawBody: string;
  }) {
    super(
      `${init.request.method} ${init.request.path}: ${init.status} ${init.title}` +
        (init.detail ? ` - ${init.detail}` : ""),
    );
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors;
    this.headers = init.headers;
    this.method = init.request.method;
    this.path = init.request.path;
    this.rawBody = init.rawBody;
  }
}

/** 401: the token is missing, wrong or revoked. */
export class AuthenticationError extends ApiError {
  override readonly name: string = "AuthenticationError";
  readonly code = "api.authentication";
}

/** 403: the user may not do this (e.g. a read-only member changing a monitor). */
export class PermissionDeniedError extends ApiError {
  override readonly name: string = "PermissionDeniedError";
  readonly code = "api.permission-denied";
}

/** 404: the resource does not exist or is not visible to this user. */
export class NotFoundError extends ApiError {
  override readonly name: string = "NotFoundError";
  readonly code = "api.not-found";
}

/** 422: the request was understood but refused; `fieldErrors` name the fields (A1, A8). */
export class ValidationError extends ApiError {
  override readonly name: string = "ValidationError";
  readonly code = "api.validation";
  get fieldErrors(): FieldError[] {
    const out: FieldError[] = [];
    for (const e of this.errors) {
      const pointer = e.source?.pointer;
      if (pointer === undefined) continue;
      out.push({
        pointer,
        field: pointer.slice(pointer.lastIndexOf("/") + 1),
        title: e.title ?? null,
        detail: e.detail ?? null,
      });
    }
    return out;
  }
}

/** 429: too many requests; `retryAfter` is the server's `Retry-After` in seconds when it sent one (A2). */
export class RateLimitError extends ApiError {
  override readonly name: string = "RateLimitError";
  readonly code = "api.rate-limited";
  get retryAfter(): number | null {
    return parseRetryAfter(this.headers["retry-after"]);
  }
}

/** 5xx: the service failed. */
export class ServerError extends ApiError {
  override readonly name: string = "ServerError";
  readonly code = "api.server-error";
}

/** Any other 4xx (400, 409, 413, 415, ...). */
export class ClientError extends ApiError {
  override readonly name: string = "ClientError";
  readonly code = "api.client-error";
}

/** A status outside 2xx that is not an error status either (1xx, 3xx: the client follows no redirects). */
export class UnexpectedStatusError extends ApiError {
  override readonly name: string = "UnexpectedStatusError";
  readonly code = "api.unexpected-status";
}

/** The connection failed, was reset, or the response was not valid HTTP. */
export class NetworkError extends UptimeError {
  override readonly name: string = "NetworkError";
  readonly code: "api.network" | "api.timeout" = "api.network";
  readonly method: string;
  readonly path: string;
  /** undici's or the OS's error code (`UND_ERR_SOCKET`, `ECONNREFUSED`, ...), when known. */
  readonly transportCode: string | null;

  constructor(
    message: string,
    request: RequestInfo,
    transportCode: string | null,
    options?: { cause?: unknown },
  ) {
    super(`${request.method} ${request.path}: ${message}`, options);
    this.method = request.method;
    this.path = request.path;
    this.transportCode = transportCode;
  }
}

/**
 * Where a call ran out of time: undici's connect, headers or body timeout, or `deadline` when the
 * caller's signal fired with a TimeoutError reason (`AbortSignal.timeout`).
 */
export type TimeoutPhase = "connect" | "headers" | "body" | "deadline";

/** No response headers, body or connection within the time limit, or the caller's deadline passed. */
export class TimeoutError extends NetworkError {
  override readonly name: string = "TimeoutError";
  override readonly code = "api.timeout";
  readonly phase: TimeoutPhase;

  constructor(
    phase: TimeoutPhase,
    request: RequestInfo,
    transportCode: string | null,
    options?: { cause?: unknown },
  ) {
    super(
      phase === "deadline" ? "the caller's deadline passed" : `timed out waiting for the ${phase}`,
      request,
      transportCode,
      options,
    );
    this.phase = phase;
  }
}

/** The caller's AbortSignal fired for another reason than a deadline; `cause` is the signal's reason. */
export class AbortedError extends UptimeError {
  override readonly name: string = "AbortedError";
  readonly code = "api.aborted";
  readonly method: string;
  readonly path: string;

  constructor(request: RequestInfo, options?: { cause?: unknown }) {
    super(`${request.method} ${request.path}: aborted`, options);
    this.method = request.method;
    this.path = request.path;
  }
}

/** Every concrete error of the client: what ui/error-text.ts maps to a sentence, by `code`. */
export type UptimeFailure =
  | UsageError
  | AuthenticationError
  | PermissionDeniedError
  | NotFoundError
  | ValidationError
  | RateLimitError
  | ServerError
  | ClientError
  | UnexpectedStatusError
  | NetworkError
  | TimeoutError
  | AbortedError
  | DecodeError;

/** One reason a document did not decode: where (a JSON path such as `data[2].attributes.name`) and why. */
export interface DecodeIssue {
  path: string;
  message: string;
}

/** A 2xx response body that is not JSON or does not have the shape the reference describes. */
export class DecodeError extends UptimeError {
  override readonly name: string = "DecodeError";
  readonly code = "api.decode";
  readonly issues: readonly DecodeIssue[];
  /** Request context; null when the decoder was called directly (tests, fixtures). */
  readonly method: string | null;
  readonly path: string | null;
  readonly status: number | null;

  constructor(
    issues: readonly DecodeIssue[],
    context: { request?: RequestInfo; status?: number; cause?: unknown } = {},
  ) {
    const where = context.request ? `${context.request.method} ${context.request.path}: ` : "";
    const first = issues[0];
    const summary = first ? `${first.path || "(document)"}: ${first.message}` : "invalid document";
    const more = issues.length > 1 ? ` (+${issues.length - 1} more)` : "";
    super(`${where}cannot decode response - ${summary}${more}`, { cause: context.cause });
    this.issues = issues;
    this.method = context.request?.method ?? null;
    this.path = context.request?.path ?? null;
    this.status = context.status ?? null;
  }

  /** The same error with the request it came from. */
  withRequest(request: RequestInfo, status: number): DecodeError {
    return new DecodeError(this.issues, { request, status, cause: this.cause });
  }
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or bad. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return null;
  const trimmed = raw.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
