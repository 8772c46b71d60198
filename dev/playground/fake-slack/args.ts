import { parse as parseQuery } from "node:querystring";
import { SlackApiError } from "./errors";

/** Web API arguments: strings from form bodies, any JSON value from JSON bodies. */
export type Args = Record<string, unknown>;

export interface ParsedBody {
  args: Args;
  kind: "json" | "form" | "multipart" | "empty";
}

/**
 * Parses a Web API request body the way Slack accepts it: application/x-www-form-urlencoded (what WebClient
 * sends; objects arrive as JSON strings), application/json, or multipart/form-data (files).
 */
export async function parseApiBody(contentType: string | undefined, raw: Buffer): Promise<ParsedBody> {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (raw.length === 0) return { args: {}, kind: "empty" };
  if (type === "application/json") {
    let value: unknown;
    try {
      value = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new SlackApiError("invalid_json");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new SlackApiError("invalid_json");
    return { args: value as Args, kind: "json" };
  }
  if (type === "multipart/form-data") {
    const form = await new Request("http://fake/", {
      method: "POST",
      headers: { "content-type": contentType ?? "" },
      body: new Uint8Array(raw),
    }).formData();
    const fields: [string, FormDataEntryValue][] = [];
    form.forEach((value, key) => {
      fields.push([key, value]);
    });
    const args: Args = {};
    for (const [key, value] of fields) {
      args[key] = typeof value === "string" ? value : Buffer.from(await value.arrayBuffer());
    }
    return { args, kind: "multipart" };
  }
  if (type === "application/x-www-form-urlencoded" || type === "" || type === "text/plain") {
    const parsed = parseQuery(raw.toString("utf8"));
    const args: Args = {};
    for (const [key, value] of Object.entries(parsed)) args[key] = Array.isArray(value) ? value[0] : value;
    return { args, kind: "form" };
  }
  throw new SlackApiError("invalid_post_type");
}

export function stringArg(args: Args, name: string): string | undefined {
  const value = args[name];
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

export function boolArg(args: Args, name: string): boolean | undefined {
  const value = args[name];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return value === "true" || value === "1";
  return undefined;
}

export function intArg(args: Args, name: string): number | undefined {
  const value = args[name];
  if (typeof value === "number" && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/**
 * A structured argument (blocks, attachments, metadata, view, files): parsed already in JSON bodies, a JSON
 * string in form bodies. Undefined when absent; `invalid()` builds the error for unparsable text.
 */
export function jsonArg(args: Args, name: string, invalid: () => SlackApiError): unknown {
  const value = args[name];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    throw invalid();
  }
}
