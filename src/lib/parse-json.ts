import type { z } from "zod";

/**
 * JSON text checked against a schema. `fail` builds the caller's own typed error: its argument is null
 * when the text is not JSON, else the schema's message. Each layer keeps its error type and wording
 * (CorruptRecordError in the store, PollStateError and kin in alerts).
 */
export function parseJson<T>(raw: string, schema: z.ZodType<T>, fail: (issue: string | null) => Error): T {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw fail(null);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fail(parsed.error.message);
  return parsed.data;
}

/** The wording alerts' decoders use for a `parseJson` failure of `what` (e.g. "poll state"). */
export function jsonIssueText(what: string, issue: string | null): string {
  return issue === null ? `${what} is not JSON` : `${what} has the wrong shape: ${issue}`;
}
