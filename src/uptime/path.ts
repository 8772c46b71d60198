import { UsageError } from "./errors";

/** A value placed into a path segment: an id, `me`, or a group name. */
export type PathValue = string | number;

function encodeSegment(value: PathValue): string {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new UsageError(`path id must be an integer, got ${value}`);
    return String(value);
  }
  if (typeof value !== "string" || value.length === 0) {
    throw new UsageError("path segment must be a non-empty string");
  }
  // Group names may hold spaces and slashes; "." and ".." would be collapsed by URL normalisation.
  if (value === "." || value === "..") return value.replaceAll(".", "%2E");
  return encodeURIComponent(value);
}

/**
 * Builds a path from a template, URL-encoding every interpolated value as one segment:
 * path`/teams/${teamId}/groups/${name}/availability-daily`.
 */
export function path(strings: TemplateStringsArray, ...values: PathValue[]): string {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) {
    out += encodeSegment(values[i] as PathValue) + (strings[i + 1] ?? "");
  }
  return out;
}

/** Query parameters; undefined values are left out. Keys are written as given (`page[number]`). */
export type QueryParams = Record<string, string | number | undefined>;

/** `?a=1&b=x` from params (values URL-encoded, commas of `include`/`sort` lists kept readable), or "". */
export function queryString(params: QueryParams): string {
  let out = "";
  for (const key in params) {
    const value = params[key];
    if (value === undefined) continue;
    out += `${out ? "&" : "?"}${key}=${encodeURIComponent(String(value)).replaceAll("%2C", ",")}`;
  }
  return out;
}
