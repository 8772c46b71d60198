import { z } from "zod";
import { scrubUrlsInText } from "../../lib/scrub-urls-in-text";
import { isoString, nullableIso, toDate, toDateOrNull } from "../iso-timestamps";
import {
  isNullableNumber,
  isNullableString,
  isPlainObject,
  isResourceShape,
  nullableNumber,
  nullableString,
  parseAt,
  type ResourceDecoder,
  rawMeta,
  refOf,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { Incident } from "../types";

export const incidentSchema = z.object({
  ...resourceShape(["incidents", "incident"]),
  attributes: z.object({
    started: isoString,
    ended: nullableIso,
    acknowledged: nullableIso,
    downtime: nullableNumber,
    reason: nullableString,
    // A6: 0 or 1; a boolean is accepted too.
    maintenance: z.union([z.number(), z.boolean()]).nullable().optional(),
  }),
  meta: z.object({ created: nullableIso, updated: nullableIso }).optional(),
});

const INCIDENT_TYPES = ["incidents", "incident"] as const;

/**
 * Fast path of `incidentSchema` (jsonapi.ts, "fast paths"): the poller reads a team's incidents at least
 * every 30 s, and `/uptime status` and the incident lists read pages of them.
 */
export function isIncident(raw: unknown): raw is z.output<typeof incidentSchema> {
  if (!isResourceShape(raw, INCIDENT_TYPES)) return false;
  const a = raw.attributes;
  const m = raw.meta;
  const maintenance = isPlainObject(a) ? a.maintenance : undefined;
  return (
    isPlainObject(a) &&
    typeof a.started === "string" &&
    isNullableString(a.ended) &&
    isNullableString(a.acknowledged) &&
    isNullableNumber(a.downtime) &&
    isNullableString(a.reason) &&
    (isNullableNumber(maintenance) || typeof maintenance === "boolean") &&
    (m === undefined || (isPlainObject(m) && isNullableString(m.created) && isNullableString(m.updated)))
  );
}

export const decodeIncidentResource: ResourceDecoder<Incident> = (raw, ctx, at) => {
  const r = isIncident(raw) ? raw : parseAt(incidentSchema, raw, at);
  const a = r.attributes;
  const monitorRef = refOf(r.relationships?.monitor);
  const ended = toDateOrNull(a.ended, at, "attributes", "ended");
  const incident: Incident = {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    monitorId: monitorRef?.id ?? null,
    teamId: refOf(r.relationships?.team)?.id ?? null,
    started: toDate(a.started, at, "attributes", "started"),
    ended,
    acknowledged: toDateOrNull(a.acknowledged, at, "attributes", "acknowledged"),
    downtimeSeconds: a.downtime ?? null,
    // Free text of the API is scrubbed here, where it enters, so no surface can forget (docs/architecture.md section 1).
    reason: a.reason == null ? null : scrubUrlsInText(a.reason),
    maintenance: a.maintenance === 1 || a.maintenance === true,
    open: ended === null,
    createdAt: toDateOrNull(r.meta?.created, at, "meta", "created"),
    updatedAt: toDateOrNull(r.meta?.updated, at, "meta", "updated"),
  };
  const monitor = ctx.resolve("monitors", monitorRef);
  if (monitor) incident.monitor = monitor;
  return incident;
};
