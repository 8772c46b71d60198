import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SPARK_BARS, SPARK_GAP, sparkline } from "../../../src/lib/sparkline";

describe("sparkline", () => {
  it("scales between the smallest and largest value", () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe("▁▂▃▄▅▆▇█");
    expect(sparkline([7, 0])).toBe("█▁");
  });

  it("uses the given range and clamps values outside it", () => {
    expect(sparkline([100, 99, 50, 0], { min: 0, max: 100 })).toBe("██▅▁");
    expect(sparkline([150, -20], { min: 0, max: 100 })).toBe("█▁");
  });

  it("draws a gap for null and non-finite values", () => {
    expect(sparkline([null, 1, Number.NaN, 3, null])).toBe(`${SPARK_GAP}▁${SPARK_GAP}█${SPARK_GAP}`);
    expect(sparkline([null, null])).toBe("··");
  });

  it("draws a flat middle line when all values are equal", () => {
    expect(sparkline([5, 5, 5])).toBe("▅▅▅");
    expect(sparkline([5])).toBe("▅");
  });

  it("draws nothing for no values", () => {
    expect(sparkline([])).toBe("");
  });

  it("swaps a reversed range", () => {
    expect(sparkline([0, 100], { min: 100, max: 0 })).toBe("▁█");
  });

  it("is total: one known character per value, whatever the numbers", () => {
    const number = fc.oneof(fc.double(), fc.constant(null));
    const bound = fc.option(fc.double(), { nil: undefined });
    fc.assert(
      fc.property(fc.array(number, { maxLength: 40 }), bound, bound, (values, min, max) => {
        const line = [...sparkline(values, { min, max })];
        expect(line).toHaveLength(values.length);
        for (const char of line) expect([...SPARK_BARS, SPARK_GAP]).toContain(char);
      }),
      { numRuns: 300 },
    );
  });
});
