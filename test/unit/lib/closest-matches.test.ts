import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestMatches, editDistance } from "../../../src/lib/closest-matches";

const monitors = [
  { id: "1", name: "API gateway" },
  { id: "2", name: "api-eu" },
  { id: "3", name: "Checkout" },
  { id: "4", name: "Edge EU" },
  { id: "5", name: "web" },
  { id: "42", name: "Payments API" },
];
const names = (query: string, limit?: number) => closestMatches(query, monitors, limit).map((m) => m.name);

describe("closestMatches", () => {
  it("puts an exact name or id first", () => {
    expect(names("CHECKOUT")[0]).toBe("Checkout");
    expect(names("42")[0]).toBe("Payments API");
  });

  it("ranks substring matches before typos, prefixes and shorter names first", () => {
    expect(names("api")).toEqual(["api-eu", "API gateway", "Payments API"]);
  });

  it("finds typos and transpositions by edit distance", () => {
    expect(names("chekcout")).toEqual(["Checkout"]);
    expect(names("gatway")).toEqual(["API gateway"]);
    expect(names("edge-eu")).toEqual(["Edge EU"]);
  });

  it("suggests nothing rather than something unrelated", () => {
    expect(names("database")).toEqual([]);
    expect(names("")).toEqual([]);
    expect(names("   ")).toEqual([]);
  });

  it("respects the limit", () => {
    expect(names("api", 1)).toEqual(["api-eu"]);
    expect(names("api", 0)).toEqual([]);
  });

  it("returns the candidates themselves", () => {
    expect(closestMatches("web", monitors)[0]).toBe(monitors[4]);
  });

  it("never returns more than the limit, nor anything not given", () => {
    const candidate = fc.record({ id: fc.string(), name: fc.string() });
    fc.assert(
      fc.property(fc.string(), fc.array(candidate, { maxLength: 20 }), fc.nat(5), (query, list, limit) => {
        const found = closestMatches(query, list, limit);
        expect(found.length).toBeLessThanOrEqual(limit);
        for (const f of found) expect(list).toContain(f);
      }),
      { numRuns: 200 },
    );
  });
});

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["kitten", "sitting", 3],
    ["ab", "ba", 1],
    ["monitors", "moniters", 1],
  ])("%j vs %j = %d", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });

  it("stops early past the cap", () => {
    expect(editDistance("aaaaaaaa", "bbbbbbbb", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("is symmetric", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
      }),
      { numRuns: 200 },
    );
  });
});
