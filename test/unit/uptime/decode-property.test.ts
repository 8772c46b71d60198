import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeList, decodeOne, decodePage, decodeStatus } from "../../../src/uptime/decode/documents";
import { DecodeError } from "../../../src/uptime/errors";
import type { Family } from "../../../src/uptime/jsonapi";
import * as fx from "./fixtures";

const iso = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString());
const id = fc.integer({ min: 1, max: 1e9 }).map(String);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const num = fc.double({ min: 0, max: 1e6, noNaN: true });

const settings = fc.oneof(
  fc.record({ url: fc.webUrl() }, { requiredKeys: ["url"] }),
  fc.record({
    host: fc.domain(),
    port: fc.integer({ min: 1, max: 65535 }),
    timeout: fc.integer({ min: 1, max: 60 }),
  }),
);

const monitor = fc.record({
  type: fc.constantFrom("monitors", "monitor"),
  id,
  attributes: fc.record(
    {
      name: fc.string(),
      pronounceable: maybe(fc.string()),
      interval: fc.constantFrom(30, 60, 120, 300, 600, 900, 1800, 3600),
      group: maybe(fc.string()),
      settings,
      extra: fc.jsonValue(),
    },
    { requiredKeys: ["name"] },
  ),
  meta: fc.record({
    status: fc.constantFrom(0, 1),
    state: fc.constantFrom(10, -10, null),
    created: iso,
    updated: iso,
  }),
});

const incident = fc.record({
  type: fc.constantFrom("incidents", "incident"),
  id,
  attributes: fc.record({
    started: iso,
    ended: maybe(iso),
    acknowledged: maybe(iso),
    downtime: maybe(fc.nat()),
    reason: maybe(fc.string()),
    maintenance: fc.constantFrom(0, 1),
  }),
  relationships: fc.record({
    monitor: fc.record({ data: fc.record({ type: fc.constant("monitors"), id }) }),
  }),
});

const availability = fc.record({
  type: fc.constantFrom("availability-hourly", "availability-daily", "availability"),
  id: fc.string(),
  attributes: fc.record({
    points: fc.array(fc.record({ time: iso, downtime: maybe(fc.nat()), availability: maybe(num) }), {
      maxLength: 30,
    }),
  }),
  meta: fc.record(
    {
      timeFrom: iso,
      timeTo: iso,
      totals: fc.record({ downtime: fc.nat(), availability: num, timeframeSeconds: fc.nat() }),
      precision: fc.constantFrom("hourly", "daily"),
    },
    { requiredKeys: ["timeFrom", "timeTo"] },
  ),
});

const latency = fc.record({
  type: fc.constantFrom("latency-hourly", "latency-daily", "latency"),
  id: fc.string(),
  attributes: fc.record({
    points: fc.array(fc.record({ time: iso, metric0: maybe(num), TotalDuration: maybe(num) }), {
      maxLength: 30,
    }),
  }),
  meta: fc.record({
    timeFrom: iso,
    timeTo: iso,
    averages: fc.oneof(fc.constant([]), fc.record({ metric0: maybe(num), TotalDuration: maybe(num) })),
  }),
});

const pageMeta = fc.record({
  currentPage: fc.integer({ min: 1, max: 100 }),
  count: fc.nat(10),
  perPage: fc.constant(10),
  hasMorePages: fc.boolean(),
});

describe("random valid documents decode", () => {
  it("monitor pages with included incidents (both spellings)", () => {
    fc.assert(
      fc.property(
        fc.array(monitor, { maxLength: 10 }),
        fc.array(incident, { maxLength: 10 }),
        pageMeta,
        (ms, is, meta) => {
          const data = ms.map((m) => ({
            ...m,
            relationships: {
              incidents: { data: is.map((i) => ({ type: i.type, id: i.id })), meta: { total: is.length } },
            },
          }));
          const page = decodePage("monitors", { data, included: is, meta, links: {} });
          expect(page.items.map((m) => m.name)).toEqual(ms.map((m) => m.attributes.name));
          page.items.forEach((m, k) => {
            const code = ms[k]!.meta.state;
            expect(m.state).toBe(code === 10 ? "up" : code === -10 ? "down" : "pending");
            expect(m.paused).toBe(ms[k]!.meta.status === 0);
            expect(m.incidents?.total).toBe(is.length);
            expect(m.incidents?.items).toHaveLength(is.length);
          });
          expect(page.meta.hasMorePages).toBe(meta.hasMorePages);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("incidents, statistics in both shapes", () => {
    fc.assert(
      fc.property(incident, availability, latency, (i, av, la) => {
        const inc = decodeOne("incidents", { data: i });
        expect(inc.open).toBe(i.attributes.ended === null);
        expect(inc.maintenance).toBe(i.attributes.maintenance === 1);
        const a = decodeOne("availability", { data: av });
        expect(a.points).toHaveLength(av.attributes.points.length);
        if (av.meta.precision) expect(a.precision).toBe(av.meta.precision);
        const l = decodeOne("latency", { data: la });
        expect(l.points.map((p) => p.totalMs)).toEqual(la.attributes.points.map((p) => p.TotalDuration));
      }),
      { numRuns: 80 },
    );
  });
});

const FAMILIES: Family[] = [
  "users",
  "teams",
  "monitors",
  "incidents",
  "checks",
  "channels",
  "locations",
  "groups",
  "availability",
  "latency",
];

/** Runs every decoder on `value`; each must return or throw a DecodeError, nothing else. */
function onlyDecodeErrors(value: unknown): void {
  const attempts: (() => unknown)[] = [() => decodeStatus(value)];
  for (const f of FAMILIES) {
    attempts.push(
      () => decodeOne(f, value),
      () => decodeList(f, value),
      () => decodePage(f, value),
    );
  }
  for (const attempt of attempts) {
    try {
      attempt();
    } catch (err) {
      if (!(err instanceof DecodeError)) throw err;
      expect(err.issues.length).toBeGreaterThan(0);
    }
  }
}

/** Every path to a value inside a JSON document. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) out.push(...paths(value[i], [...prefix, i]));
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  }
  return out;
}

function replaceAt(doc: unknown, at: (string | number)[], replacement: unknown): unknown {
  if (at.length === 0) return replacement;
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = replacement;
  return copy;
}

describe("junk yields a typed error, never another throw", () => {
  it("any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), onlyDecodeErrors), { numRuns: 100 });
  });

  it("documents with `data`, `included` and `meta` of random shape", () => {
    fc.assert(
      fc.property(
        fc.record({
          data: fc.jsonValue(),
          included: fc.jsonValue(),
          meta: fc.jsonValue(),
          links: fc.jsonValue(),
        }),
        onlyDecodeErrors,
      ),
      { numRuns: 100 },
    );
  });

  const documents = Object.values(fx);
  it("valid fixtures with one member replaced by random JSON", () => {
    fc.assert(
      fc.property(fc.constantFrom(...documents), fc.nat(), fc.jsonValue(), (doc, pick, replacement) => {
        const all = paths(doc);
        onlyDecodeErrors(replaceAt(doc, all[pick % all.length]!, replacement));
      }),
      { numRuns: 200 },
    );
  });
});
