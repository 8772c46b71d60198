import { z } from "zod";
import { publicAddress } from "../../lib/public-address";
import { scrubUrlsInText } from "../../lib/scrub-urls-in-text";
import { nullableIso, toDateOrNull } from "../iso-timestamps";
import {
  type DecodeContext,
  isNullableNumber,
  isNullableString,
  isPlainObject,
  isResourceShape,
  nullableNumber,
  nullableString,
  parseAt,
  type Relationship,
  type ResourceDecoder,
  rawMeta,
  refOf,
  refsOf,
  relMetaNumber,
  resourceShape,
  selfLink,
} from "../jsonapi";
import type { AvailabilityStats, LatencyStats, Monitor, MonitorSettings, MonitorState } from "../types";

const settingsSchema = z.object({
  url: nullableString,
  keywordBody: nullableString,
  host: nullableString,
  port: nullableNumber,
  timeout: nullableNumber,
});

export const monitorSchema = z.object({
  ...resourceShape(["monitors", "monitor"]),
  attributes: z.object({
    name: z.string(),
    pronounceable: nullableString,
    interval: nullableNumber,
    group: nullableString,
    service: nullableString,
    settings: settingsSchema.nullable().optional(),
    // Returned by create (reference, Monitor): `status` integer, `state` null.
    status: nullableNumber,
    state: nullableNumber,
  }),
  meta: z
    .looseObject({
      status: nullableNumber,
      state: nullableNumber,
      created: nullableIso,
      updated: nullableIso,
    })
    .optional(),
});

/** A4: 10 up, -10 down, null pending. */
function stateOf(code: number | null | undefined): MonitorState {
  if (code === null) return "pending";
  if (code === 10) return "up";
  if (code === -10) return "down";
  return "unknown";
}

/**
 * The settings as Slack may show them: URL and host without user info, query or fragment, scrubbed here
 * where they enter so that no surface can forget (docs/architecture.md section 1).
 */
function settingsOf(s: z.output<typeof settingsSchema> | null | undefined): MonitorSettings {
  const out: MonitorSettings = {};
  if (!s) return out;
  if (typeof s.url === "string") out.url = publicAddress(s.url);
  if (typeof s.keywordBody === "string") out.keywordBody = s.keywordBody;
  if (typeof s.host === "string") out.host = publicAddress(s.host);
  if (typeof s.port === "number") out.port = s.port;
  if (typeof s.timeout === "number") out.timeout = s.timeout;
  return out;
}

function editTargetOf(
  s: z.output<typeof settingsSchema> | null | undefined,
): NonNullable<Monitor["editTarget"]> {
  const out: NonNullable<Monitor["editTarget"]> = {};
  if (typeof s?.url === "string") out.url = s.url;
  if (typeof s?.host === "string") out.host = s.host;
  return out;
}

type StatsKeys = "availabilityHourly" | "availabilityDaily" | "latencyHourly" | "latencyDaily";

/** Resolves the statistics relationships in both spellings onto the monitor. */
function attachStatistics(monitor: Monitor, rels: Record<string, Relationship>, ctx: DecodeContext): void {
  const one = (rel: Relationship | undefined, family: "availability" | "latency") =>
    rel ? (ctx.resolve(family, refOf(rel)) ?? null) : undefined;
  const set = (key: StatsKeys, value: AvailabilityStats | LatencyStats | null | undefined) => {
    if (value !== undefined) (monitor as unknown as Record<StatsKeys, unknown>)[key] = value;
  };
  set("availabilityHourly", one(rels["availability-hourly"], "availability"));
  set("availabilityDaily", one(rels["availability-daily"], "availability"));
  set("latencyHourly", one(rels["latency-hourly"], "latency"));
  set("latencyDaily", one(rels["latency-daily"], "latency"));
  // Later form: `include=availability,latency`; the window follows from the decoded precision.
  const av = one(rels.availability, "availability");
  if (av) set(av.precision === "hourly" ? "availabilityHourly" : "availabilityDaily", av);
  else if (av === null) set("availabilityDaily", null);
  const la = one(rels.latency, "latency");
  if (la) set(la.precision === "hourly" ? "latencyHourly" : "latencyDaily", la);
  else if (la === null) set("latencyDaily", null);
}

const MONITOR_TYPES = ["monitors", "monitor"] as const;

function isSettings(s: unknown): boolean {
  return (
    s === undefined ||
    s === null ||
    (isPlainObject(s) &&
      isNullableString(s.url) &&
      isNullableString(s.keywordBody) &&
      isNullableString(s.host) &&
      isNullableNumber(s.port) &&
      isNullableNumber(s.timeout))
  );
}

/** Fast path of `monitorSchema` (jsonapi.ts, "fast paths"): monitor pages are polled too. */
export function isMonitor(raw: unknown): raw is z.output<typeof monitorSchema> {
  if (!isResourceShape(raw, MONITOR_TYPES)) return false;
  const a = raw.attributes;
  const m = raw.meta;
  return (
    isPlainObject(a) &&
    typeof a.name === "string" &&
    isNullableString(a.pronounceable) &&
    isNullableNumber(a.interval) &&
    isNullableString(a.group) &&
    isNullableString(a.service) &&
    isSettings(a.settings) &&
    isNullableNumber(a.status) &&
    isNullableNumber(a.state) &&
    (m === undefined ||
      (isPlainObject(m) &&
        isNullableNumber(m.status) &&
        isNullableNumber(m.state) &&
        isNullableString(m.created) &&
        isNullableString(m.updated)))
  );
}

export const decodeMonitorResource: ResourceDecoder<Monitor> = (raw, ctx, at) => {
  const r = isMonitor(raw) ? raw : parseAt(monitorSchema, raw, at);
  const a = r.attributes;
  const meta = r.meta;
  const stateCode = meta?.state !== undefined ? meta.state : a.state;
  const statusCode = meta?.status ?? a.status;
  const monitor: Monitor = {
    id: r.id,
    url: selfLink(r.links, at),
    meta: rawMeta(raw),
    // A name is free text too; one holding a URL loses its secrets like a reason does.
    name: scrubUrlsInText(a.name),
    pronounceable: a.pronounceable ?? null,
    group: a.group ?? null,
    interval: a.interval ?? null,
    // A8: URL monitors carry no `service`.
    kind: a.service ?? "http",
    settings: settingsOf(a.settings),
    editTarget: editTargetOf(a.settings),
    state: stateOf(stateCode),
    stateCode: stateCode ?? null,
    paused: statusCode === 0,
    createdAt: toDateOrNull(meta?.created, at, "meta", "created"),
    updatedAt: toDateOrNull(meta?.updated, at, "meta", "updated"),
  };
  const rels = r.relationships;
  if (rels) {
    const incidents = rels.incidents ?? rels.incident;
    if (incidents) {
      const refs = refsOf(incidents);
      monitor.incidents = {
        ids: refs.map((ref) => ref.id),
        items: ctx.resolveAll("incidents", refs),
        total: relMetaNumber(incidents, "total"),
      };
    }
    if (rels.checks) monitor.checks = ctx.resolveAll("checks", refsOf(rels.checks));
    attachStatistics(monitor, rels, ctx);
  }
  return monitor;
};
