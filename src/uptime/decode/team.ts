import { z } from "zod";
import { nullableIso, toDateOrNull } from "../iso-timestamps";
import {
  isNullableString,
  isPlainObject,
  isResourceShape,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  refsOf,
  relMetaNumber,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { Team, TeamMember } from "../types";

const count = z.number().optional();

export const teamSchema = z.object({
  ...resourceShape(["teams", "team"]),
  attributes: z.object({ name: z.string() }),
  meta: z
    .looseObject({
      created: nullableIso,
      updated: nullableIso,
      availableFeatures: z.array(z.string()).optional(),
      monitorCounters: z.object({ up: count, down: count, paused: count, pending: count }).optional(),
    })
    .optional(),
});

const TEAM_TYPES = ["teams", "team"] as const;
const isOptionalCount = (v: unknown) => v === undefined || (typeof v === "number" && Number.isFinite(v));

/** Every element a string; an index loop, because `every` skips the holes that zod refuses. */
function allStrings(values: unknown[]): boolean {
  for (let i = 0; i < values.length; i++) if (typeof values[i] !== "string") return false;
  return true;
}

/** Fast path of `teamSchema` (jsonapi.ts, "fast paths"): every `/uptime status` reads the team. */
export function isTeam(raw: unknown): raw is z.output<typeof teamSchema> {
  if (!isResourceShape(raw, TEAM_TYPES)) return false;
  const a = raw.attributes;
  if (!isPlainObject(a) || typeof a.name !== "string") return false;
  const m = raw.meta;
  if (m === undefined) return true;
  if (!isPlainObject(m) || !isNullableString(m.created) || !isNullableString(m.updated)) return false;
  const features = m.availableFeatures;
  if (features !== undefined && !(Array.isArray(features) && allStrings(features))) return false;
  const c = m.monitorCounters;
  return (
    c === undefined ||
    (isPlainObject(c) &&
      isOptionalCount(c.up) &&
      isOptionalCount(c.down) &&
      isOptionalCount(c.paused) &&
      isOptionalCount(c.pending))
  );
}

export const decodeTeamResource: ResourceDecoder<Team> = (raw, ctx, at) => {
  const r = isTeam(raw) ? raw : parseAt(teamSchema, raw, at);
  const meta = r.meta;
  const counters = meta?.monitorCounters;
  const team: Team = {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    name: r.attributes.name,
    counters: counters
      ? {
          up: counters.up ?? 0,
          down: counters.down ?? 0,
          paused: counters.paused ?? 0,
          pending: counters.pending ?? 0,
        }
      : null,
    availableFeatures: meta?.availableFeatures ?? [],
    createdAt: toDateOrNull(meta?.created, at, "meta", "created"),
    updatedAt: toDateOrNull(meta?.updated, at, "meta", "updated"),
  };
  const rels = r.relationships;
  if (!rels) return team;
  if (rels.users) {
    team.members = refsOf(rels.users).map((ref) => {
      // A3: owner, regular, read-only; unknown strings are kept.
      const role = ref.meta?.role;
      const member: TeamMember = { userId: ref.id, role: typeof role === "string" ? role : null };
      const user = ctx.resolve("users", ref);
      if (user) member.user = user;
      return member;
    });
  }
  if (rels.channels) {
    team.channelCount = relMetaNumber(rels.channels, "count") ?? refsOf(rels.channels).length;
    if (ctx.canResolve) team.channels = ctx.resolveAll("channels", refsOf(rels.channels));
  }
  if (rels.locations) {
    team.locationCount = relMetaNumber(rels.locations, "count") ?? refsOf(rels.locations).length;
    if (ctx.canResolve) team.locations = ctx.resolveAll("locations", refsOf(rels.locations));
  }
  return team;
};
