// Availability and latency statistics in both shapes of the reference: the earlier types
// `availability-hourly|daily` / `latency-hourly|daily` and the later singular `availability` /
// `latency` with `meta.precision` and `averages` as an object (A10).
import { z } from "zod";
import { isoString, nullableIso, toDate, toDateOrNull } from "../iso-timestamps";
import { nullableNumber, parseAt, type ResourceDecoder, rawMeta, resourceShape, selfLink } from "../jsonapi";
import type { AvailabilityStats, LatencyStats, Precision } from "../types";

const statsMeta = {
  timeFrom: nullableIso,
  timeTo: nullableIso,
  precision: z.string().optional(),
};

const availabilitySchema = z.object({
  ...resourceShape(["availability-hourly", "availability-daily", "availability"]),
  attributes: z
    .object({
      points: z
        .array(z.object({ time: isoString, availability: nullableNumber, downtime: nullableNumber }))
        .optional(),
    })
    .optional(),
  meta: z
    .looseObject({
      ...statsMeta,
      totals: z
        .object({
          availability: nullableNumber,
          downtime: nullableNumber,
          timeframeSeconds: nullableNumber,
        })
        .optional(),
    })
    .optional(),
});

const latencyValues = {
  metric0: nullableNumber,
  TotalDuration: nullableNumber,
  // Not in the reference; accepted because camel case is this API's convention elsewhere.
  totalDuration: nullableNumber,
};

const latencySchema = z.object({
  ...resourceShape(["latency-hourly", "latency-daily", "latency"]),
  attributes: z
    .object({ points: z.array(z.object({ time: isoString, ...latencyValues })).optional() })
    .optional(),
  meta: z
    .looseObject({
      ...statsMeta,
      // "empty list when no data; in the later form an object with metric0 and TotalDuration".
      averages: z.union([z.array(z.unknown()), z.object(latencyValues)]).optional(),
    })
    .optional(),
});

const DAY_SECONDS = 86_400;

/** Hourly or daily, from the clearest evidence available: meta.precision, the type, the id, the window. */
function precisionOf(
  type: string,
  id: string,
  meta: { precision?: string | undefined } | undefined,
  timeframeSeconds: number | null | undefined,
): Precision {
  const stated = meta?.precision;
  if (stated === "hourly" || stated === "daily") return stated;
  if (type.endsWith("-hourly")) return "hourly";
  if (type.endsWith("-daily")) return "daily";
  // Later ids look like av-daily-monitor-<id>_<from>_<to>; earlier ones end in -<type>.
  if (/(^|-)hourly(-|$)/.test(id)) return "hourly";
  if (/(^|-)daily(-|$)/.test(id)) return "daily";
  if (timeframeSeconds === DAY_SECONDS) return "hourly";
  return "daily";
}

export const decodeAvailabilityResource: ResourceDecoder<AvailabilityStats> = (raw, _ctx, at) => {
  const r = parseAt(availabilitySchema, raw, at);
  const totals = r.meta?.totals;
  return {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    precision: precisionOf(r.type, r.id, r.meta, totals?.timeframeSeconds),
    points: (r.attributes?.points ?? []).map((p, i) => ({
      time: toDate(p.time, at, "attributes", "points", i, "time"),
      availability: p.availability ?? null,
      downtimeSeconds: p.downtime ?? null,
    })),
    timeFrom: toDateOrNull(r.meta?.timeFrom, at, "meta", "timeFrom"),
    timeTo: toDateOrNull(r.meta?.timeTo, at, "meta", "timeTo"),
    totals: {
      availability: totals?.availability ?? null,
      downtimeSeconds: totals?.downtime ?? null,
      timeframeSeconds: totals?.timeframeSeconds ?? null,
    },
  };
};

type LatencyValues = {
  metric0?: number | null;
  TotalDuration?: number | null;
  totalDuration?: number | null;
};

function totalOf(v: LatencyValues): number | null {
  return v.TotalDuration ?? v.totalDuration ?? null;
}

export const decodeLatencyResource: ResourceDecoder<LatencyStats> = (raw, _ctx, at) => {
  const r = parseAt(latencySchema, raw, at);
  const averages = r.meta?.averages;
  const avg = averages === undefined || Array.isArray(averages) ? undefined : averages;
  return {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    precision: precisionOf(r.type, r.id, r.meta, undefined),
    points: (r.attributes?.points ?? []).map((p, i) => ({
      time: toDate(p.time, at, "attributes", "points", i, "time"),
      totalMs: totalOf(p),
      metric0Ms: p.metric0 ?? null,
    })),
    timeFrom: toDateOrNull(r.meta?.timeFrom, at, "meta", "timeFrom"),
    timeTo: toDateOrNull(r.meta?.timeTo, at, "meta", "timeTo"),
    averages: { totalMs: avg ? totalOf(avg) : null, metric0Ms: avg?.metric0 ?? null },
  };
};
