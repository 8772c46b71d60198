// A request that got no answer (undici's throws, a fired signal) as its typed UptimeError.
import {
  AbortedError,
  DecodeError,
  NetworkError,
  type RequestInfo,
  TimeoutError,
  UptimeError,
  UsageError,
} from "./errors";

const TIMEOUT_PHASES: Record<string, "connect" | "headers" | "body"> = {
  UND_ERR_CONNECT_TIMEOUT: "connect",
  UND_ERR_HEADERS_TIMEOUT: "headers",
  UND_ERR_BODY_TIMEOUT: "body",
};

function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

/**
 * The error for a call whose signal fired. A deadline (`AbortSignal.timeout`) means "too slow", the
 * same outcome as undici's own timeouts, so callers see one TimeoutError however the limit was set;
 * any other reason is a cancellation.
 */
export function abortError(request: RequestInfo, reason: unknown): UptimeError {
  // AbortSignal.timeout() fires with a DOMException whose legacy code is TIMEOUT_ERR.
  if (reason instanceof DOMException && reason.code === DOMException.TIMEOUT_ERR) {
    return new TimeoutError("deadline", request, null, { cause: reason });
  }
  return new AbortedError(request, { cause: reason });
}

/** Any throw from undici (or its body stream) as an UptimeError. */
export function transportError(
  err: unknown,
  request: RequestInfo,
  signal: AbortSignal | undefined,
): UptimeError {
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
