import { z } from "zod";
import {
  metaSchema,
  nullableString,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  refsOf,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { User } from "../types";

const userSchema = z.object({
  ...resourceShape(["users", "user"]),
  attributes: z
    .object({
      firstName: nullableString,
      lastName: nullableString,
      email: nullableString,
      phone: nullableString,
      timeZone: nullableString,
      silentStart: nullableString,
      silentEnd: nullableString,
      lang: nullableString,
      country: nullableString,
      invitation: nullableString,
    })
    .optional(),
  meta: metaSchema.optional(),
});

export const decodeUserResource: ResourceDecoder<User> = (raw, ctx, at) => {
  const r = parseAt(userSchema, raw, at);
  const a = r.attributes ?? {};
  const teamRefs = refsOf(r.relationships?.teams);
  const user: User = {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    firstName: a.firstName ?? "",
    lastName: a.lastName ?? "",
    email: a.email ?? null,
    phone: a.phone ?? null,
    timeZone: a.timeZone ?? null,
    silentStart: a.silentStart ?? null,
    silentEnd: a.silentEnd ?? null,
    lang: a.lang ?? null,
    country: a.country ?? null,
    invitation: a.invitation ?? null,
    teamIds: teamRefs.map((ref) => ref.id),
  };
  if (teamRefs.length > 0 && ctx.canResolve) {
    const teams = ctx.resolveAll("teams", teamRefs);
    if (teams.length > 0) user.teams = teams;
  }
  return user;
};
