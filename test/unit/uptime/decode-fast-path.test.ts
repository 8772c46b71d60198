// The hand-written fast paths of the decoders accept nothing their zod schema refuses: for valid
// resources and for resources with one member replaced by any JSON value, fast path => zod accepts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSchema, isCheck } from "../../../src/uptime/decode/check";
import { incidentSchema, isIncident } from "../../../src/uptime/decode/incident";
import { isMonitor, monitorSchema } from "../../../src/uptime/decode/monitor";
import { isTeam, teamSchema } from "../../../src/uptime/decode/team";
import { documentSchema, isDocument } from "../../../src/uptime/jsonapi";

const check = {
  type: "checks",
  id: "c1",
  attributes: {
    status: 200,
    state: 1,
    location: "nyc",
    created: "2026-03-10T12:00:00+00:00",
    error: null,
    totalDuration: 120,
  },
  relationships: { monitor: { data: { type: "monitors", id: "1" } } },
};
const monitor = {
  type: "monitors",
  id: "1",
  attributes: {
    name: "Web",
    pronounceable: null,
    interval: 60,
    group: "Website",
    settings: { url: "https://example.com/", port: null },
    status: 1,
    state: 10,
  },
  relationships: {
    checks: { data: [{ type: "checks", id: "c1" }] },
    incidents: { data: [], meta: { total: 0 }, links: { self: "x" } },
  },
  links: { self: "https://api.example.com/monitors/1" },
  meta: { status: 1, state: 10, created: "2026-03-10T12:00:00+00:00", updated: null },
};
const incident = {
  type: "incidents",
  id: "42",
  attributes: {
    started: "2026-03-10T12:00:00+00:00",
    ended: null,
    acknowledged: "2026-03-10T12:01:00+00:00",
    downtime: 60,
    reason: "Connection refused",
    maintenance: 0,
  },
  relationships: {
    monitor: { data: { type: "monitors", id: "1" } },
    team: { data: { type: "teams", id: "1" } },
  },
  meta: { created: "2026-03-10T12:00:00+00:00", updated: null },
};
const team = {
  type: "teams",
  id: "1",
  attributes: { name: "Acme" },
  meta: {
    created: "2026-03-10T12:00:00+00:00",
    updated: null,
    availableFeatures: ["sms"],
    monitorCounters: { up: 3, down: 1, paused: 0, pending: 0 },
  },
};
const document = { data: [check], included: [monitor], meta: { hasMorePages: false }, links: {} };

/** Every path of objects inside `value` (arrays included), so that one member can be replaced. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== "object") return [];
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(value)) {
    const key = Array.isArray(value) ? Number(k) : k;
    out.push([...prefix, key], ...paths(v, [...prefix, key]));
  }
  return out;
}

function replaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (replacement === undefined) delete node[last];
  else node[last] = replacement;
  return copy;
}

const cases = [
  { name: "check", valid: check, fast: isCheck, schema: checkSchema },
  { name: "monitor", valid: monitor, fast: isMonitor, schema: monitorSchema },
  { name: "incident", valid: incident, fast: isIncident, schema: incidentSchema },
  { name: "team", valid: team, fast: isTeam, schema: teamSchema },
  { name: "document", valid: document, fast: isDocument, schema: documentSchema },
] as const;

describe("decoder fast paths", () => {
  for (const c of cases) {
    it(`${c.name}: takes the valid resource`, () => {
      expect(c.fast(c.valid)).toBe(true);
    });

    it(`${c.name}: never accepts what zod refuses`, () => {
      const all = paths(c.valid);
      const junk = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant(Number.NaN));
      fc.assert(
        fc.property(fc.constantFrom(...all), junk, (path, value) => {
          const doc = replaced(c.valid, path, value);
          if (c.fast(doc)) expect(c.schema.safeParse(doc).success).toBe(true);
        }),
        { numRuns: 2000 },
      );
      for (const bad of [null, [], "x", 1, { ...c.valid, type: 7 }]) {
        if (c.fast(bad)) expect(c.schema.safeParse(bad).success).toBe(true);
      }
    });
  }
});
