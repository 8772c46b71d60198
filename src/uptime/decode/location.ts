import { z } from "zod";
import { nullableIso, toDateOrNull } from "../iso-timestamps";
import {
  nullableNumber,
  nullableString,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { Location } from "../types";

const locationSchema = z.object({
  ...resourceShape(["locations", "location"]),
  attributes: z.object({
    name: z.string(),
    countryCode: nullableString,
    zone: nullableString,
    ip: nullableString,
  }),
  meta: z
    .looseObject({ status: nullableNumber, seen: nullableIso, created: nullableIso, updated: nullableIso })
    .optional(),
});

export const decodeLocationResource: ResourceDecoder<Location> = (raw, _ctx, at) => {
  const r = parseAt(locationSchema, raw, at);
  const a = r.attributes;
  return {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    name: a.name,
    countryCode: a.countryCode ?? null,
    zone: a.zone ?? null,
    ip: a.ip ?? null,
    status: r.meta?.status ?? null,
    seen: toDateOrNull(r.meta?.seen, at, "meta", "seen"),
  };
};
