import { z } from "zod";
import { nullableIso, toDateOrNull } from "../iso-timestamps";
import { nullableString, parseAt, type ResourceDecoder, rawMeta, resourceShape, selfLink } from "../jsonapi";
import type { Channel } from "../types";

const channelSchema = z.object({
  ...resourceShape(["channels", "channel"]),
  attributes: z.object({
    slug: z.string(),
    name: z.string(),
    description: nullableString,
    enabled: z.boolean(),
  }),
  meta: z.object({ created: nullableIso, updated: nullableIso }).optional(),
});

export const decodeChannelResource: ResourceDecoder<Channel> = (raw, _ctx, at) => {
  const r = parseAt(channelSchema, raw, at);
  const a = r.attributes;
  return {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    slug: a.slug,
    name: a.name,
    description: a.description ?? null,
    enabled: a.enabled,
    createdAt: toDateOrNull(r.meta?.created, at, "meta", "created"),
    updatedAt: toDateOrNull(r.meta?.updated, at, "meta", "updated"),
  };
};
