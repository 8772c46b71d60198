import { z } from "zod";
import { scrubUrlsInText } from "../../lib/scrub-urls-in-text";
import { isoString, toDate } from "../iso-timestamps";
import {
  isNullableNumber,
  isNullableString,
  isPlainObject,
  isResourceShape,
  metaSchema,
  nullableNumber,
  nullableString,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  refOf,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { Check } from "../types";

export const checkSchema = z.object({
  ...resourceShape(["checks", "check"]),
  attributes: z.object({
    status: z.number(),
    state: z.number(),
    location: z.string(),
    created: isoString,
    error: nullableString,
    totalDuration: nullableNumber,
  }),
  meta: metaSchema.optional(),
});

const CHECK_TYPES = ["checks", "check"] as const;

/** Fast path of `checkSchema` (jsonapi.ts, "fast paths"): teams poll their checks every few seconds. */
export function isCheck(raw: unknown): raw is z.output<typeof checkSchema> {
  if (!isResourceShape(raw, CHECK_TYPES)) return false;
  const a = raw.attributes;
  return (
    isPlainObject(a) &&
    typeof a.status === "number" &&
    Number.isFinite(a.status) &&
    typeof a.state === "number" &&
    Number.isFinite(a.state) &&
    typeof a.location === "string" &&
    typeof a.created === "string" &&
    isNullableString(a.error) &&
    isNullableNumber(a.totalDuration) &&
    (raw.meta === undefined || isPlainObject(raw.meta))
  );
}

export const decodeCheckResource: ResourceDecoder<Check> = (raw, _ctx, at) => {
  const r = isCheck(raw) ? raw : parseAt(checkSchema, raw, at);
  const a = r.attributes;
  return {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    // A5: every check carries relationships.monitor.
    monitorId: refOf(r.relationships?.monitor)?.id ?? null,
    location: a.location,
    passed: a.state === 1,
    status: a.status,
    durationMs: a.totalDuration ?? null,
    // The checker may quote the URL it called: scrubbed where it enters (docs/architecture.md section 1).
    error: a.error == null ? null : scrubUrlsInText(a.error),
    created: toDate(a.created, at, "attributes", "created"),
  };
};
