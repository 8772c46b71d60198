import { z } from "zod";
import {
  nullableNumber,
  nullableString,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { Group } from "../types";

// A7: type `groups`, id = the group name, `meta.monitors` = number of monitors.
const groupSchema = z.object({
  ...resourceShape(["groups", "group"]),
  attributes: z.object({ name: nullableString }).optional(),
  meta: z.object({ monitors: nullableNumber }).optional(),
});

export const decodeGroupResource: ResourceDecoder<Group> = (raw, _ctx, at) => {
  const r = parseAt(groupSchema, raw, at);
  return {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    name: r.attributes?.name ?? r.id,
    monitorCount: r.meta?.monitors ?? null,
  };
};
