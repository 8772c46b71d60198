import type { z } from "zod";
import { parseJson } from "../lib/parse-json";

/** Data read from Redis does not have the shape this version wrote (hand edits, or a wrong prefix). */
export class CorruptRecordError extends Error {
  override name = "CorruptRecordError";
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(`stored record ${key} is not valid: ${detail}`);
  }
}

/** A stored JSON record read back through its schema; a CorruptRecordError naming the key otherwise. */
export function parseRecord<T>(key: string, raw: string, schema: z.ZodType<T>, what?: string): T {
  return parseJson(
    raw,
    schema,
    (issue) => new CorruptRecordError(key, issue ?? (what ? `${what} is not JSON` : "not JSON")),
  );
}
