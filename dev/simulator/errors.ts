import { STATUS_CODES } from "node:http";
import type { ZodError } from "zod";

/** A1: every error answer is a JSON:API error document. */
export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

export interface FieldError {
  /** JSON pointer into the request document, e.g. `/data/attributes/settings/url`. */
  pointer: string;
  detail: string;
}

export function statusTitle(status: number): string {
  // A fault may inject any status; one outside node's table still gets a title.
  return STATUS_CODES[status] ?? (status >= 500 ? "Server Error" : "Error");
}

/** An error that becomes an A1 document with its status; thrown by handlers and the control API. */
export class ApiError extends Error {
  readonly errors: ErrorObject[];
  readonly headers: Record<string, string>;
  constructor(
    readonly status: number,
    detail: string,
    options: {
      errors?: ErrorObject[];
      source?: ErrorObject["source"];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(detail);
    this.name = "ApiError";
    this.headers = options.headers ?? {};
    this.errors = options.errors ?? [errorObject(status, detail, options.source)];
  }
}

export function errorObject(status: number, detail: string, source?: ErrorObject["source"]): ErrorObject {
  return { status: String(status), title: statusTitle(status), detail, ...(source ? { source } : {}) };
}

export function errorDocument(status: number, detail: string, source?: ErrorObject["source"]) {
  return { errors: [errorObject(status, detail, source)] };
}

/** A8: 422 with one error per bad field, each with its pointer. */
export function validationError(fields: FieldError[]): ApiError {
  const first = fields[0];
  return new ApiError(422, first ? first.detail : "Invalid request", {
    errors: fields.map((f) => errorObject(422, f.detail, { pointer: f.pointer })),
  });
}

/**
 * A control-API body its zod schema refused, as a 400: the first issue with where it is, or with `each`
 * one error per issue (at most 20) pointing into the body, as a seed is large and every problem in it
 * is worth seeing at once.
 */
export function schemaError(error: ZodError, fallback: string, each = false): ApiError {
  const pointer = (path: readonly PropertyKey[]) => path.map((p) => `/${String(p)}`).join("");
  if (each) {
    const errors = error.issues
      .slice(0, 20)
      .map((issue) => errorObject(400, issue.message, { pointer: pointer(issue.path) }));
    return new ApiError(400, errors[0]?.detail ?? fallback, { errors });
  }
  const issue = error.issues[0];
  const where = issue?.path.length ? ` at ${pointer(issue.path)}` : "";
  return new ApiError(400, `${issue?.message ?? fallback}${where}`);
}

export const badParameter = (parameter: string, detail: string) =>
  new ApiError(400, detail, { source: { parameter } });
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);
export const forbidden = (detail: string) => new ApiError(403, detail);

/** Escapes a member name for use in a JSON pointer (RFC 6901). */
export function pointerPart(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
