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

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? (status >= 500 ? "Server Error" : "Error");
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

export const badParameter = (parameter: string, detail: string) =>
  new ApiError(400, detail, { source: { parameter } });
export const notFound = (what = "Resource") => new ApiError(404, `${what} not found`);
export const forbidden = (detail: string) => new ApiError(403, detail);

/** Escapes a member name for use in a JSON pointer (RFC 6901). */
export function pointerPart(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
