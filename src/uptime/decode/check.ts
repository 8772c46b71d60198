import { z } from "zod";
import {
  isoString,
  metaSchema,
  nullableNumber,
  nullableString,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  refOf,
  resourceShape,
  selfLink,
  toDate,
} from "../jsonapi";
import type { Check } from "../types";

const checkSchema = z.object({
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

export const decodeCheckResource: ResourceDecoder<Check> = (raw, _ctx, at) => {
  const r = parseAt(checkSchema, raw, at);
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
    error: a.error ?? null,
    created: toDate(a.created, at, "attributes", "created"),
  };
};
