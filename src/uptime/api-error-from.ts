// A non-2xx response read into its typed ApiError (A1, A2), whatever its body holds.
import { STATUS_CODES } from "node:http";
import {
  type ApiError,
  type ApiErrorObject,
  AuthenticationError,
  ClientError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type RequestInfo,
  type ResponseHeaders,
  ServerError,
  UnexpectedStatusError,
  ValidationError,
} from "./errors";

const RAW_BODY_LIMIT = 1_000;

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
