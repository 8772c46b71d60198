// The poller's shortcut (issue 13) may only ever say "all passed" of a body whose decoded checks all passed:
// a failed check it missed would be an outage never alerted.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allChecksPassed } from "../../../src/uptime/decode/all-checks-passed";
import { decodeList } from "../../../src/uptime/decode/documents";
import { teamChecks } from "./fixtures";

const check = (id: number, state: unknown, error: unknown = null) => ({
  type: "checks",
  id: String(id),
  attributes: {
    status: state === 1 ? 200 : 500,
    state,
    location: "nyc",
    created: "2026-03-10T12:00:00+00:00",
    error,
    totalDuration: 120,
  },
  relationships: { monitor: { data: { type: "monitors", id: "1" } } },
});
const body = (checks: unknown[], space?: number) => JSON.stringify({ data: checks }, null, space);
/** The shortcut reads the response's bytes as they came. */
const allPassed = (text: string) => allChecksPassed(Buffer.from(text, "utf8"));

describe("allChecksPassed", () => {
  it("recognises a body whose checks all passed, compact or pretty-printed, and an empty list", () => {
    const passed = [check(1, 1), check(2, 1)];
    expect(allPassed(body(passed))).toBe(true);
    expect(allPassed(body(passed, 2))).toBe(true);
    expect(allPassed(`\n ${body(passed, 4)}\n`)).toBe(true);
    expect(allPassed(body([]))).toBe(true);
    // Multi-byte UTF-8 elsewhere in the body: none of its bytes is one the shortcut looks for.
    expect(allPassed(body([{ ...check(1, 1), meta: { note: "Zürich — 東京 ✓" } }]))).toBe(true);
  });

  it("reads the reference's example checks as they are", () => {
    const decoded = decodeList("checks", teamChecks);
    expect(allPassed(JSON.stringify(teamChecks))).toBe(decoded.every((c) => c.passed));
  });

  it("leaves to the decoder every body it cannot vouch for", () => {
    const cases: Record<string, string> = {
      "a failed check": body([check(1, 1), check(2, -1)]),
      "another number": body([check(1, 10)]),
      "1.0": body([check(1, 1)]).replace('"state":1', '"state":1.0'),
      "1e0": body([check(1, 1)]).replace('"state":1', '"state":1e0'),
      "a string state": body([check(1, "1")]),
      '"state" as a value': body([check(1, 1, "state")]),
      "a \\u escape": body([check(1, 1)]).replace('"state"', '"st\\u0061te"'),
      "an error document": JSON.stringify({ data: [], errors: [{ status: "500" }] }),
      "no data": JSON.stringify({ meta: {} }),
      "not JSON": "<html>state 1</html>",
      // HTTP framing (Content-Length, the chunked terminator) already refuses a body cut short; one
      // that still arrived so is not a JSON object.
      truncated: body([check(1, 1), check(2, -1)]).slice(0, 140),
      empty: "",
      "a byte order mark": `\uFEFF${body([check(1, 1)])}`,
    };
    for (const [name, text] of Object.entries(cases)) expect(allPassed(text), name).toBe(false);
  });

  it("never says all passed when a decoded check failed", () => {
    const state = fc.oneof(fc.constantFrom(1, -1, 0, 10, 2, -10), fc.double(), fc.string());
    const error = fc.oneof(
      fc.constant(null),
      fc.string(),
      fc.constantFrom('"state":1', "state", '\\"state\\":-1'),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(state, error), { maxLength: 8 }),
        fc.constantFrom(undefined, 1, 2),
        (rows, space) => {
          const text = body(
            rows.map(([s, e], i) => check(i, s, e)),
            space,
          );
          if (!allPassed(text)) return;
          const decoded = decodeList("checks", JSON.parse(text));
          expect(decoded.every((c) => c.passed)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
