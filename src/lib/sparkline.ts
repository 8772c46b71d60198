/** The eight bar heights, lowest first. */
export const SPARK_BARS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;
/** Drawn for a point with no data (the statistics API gives null there, A10). */
export const SPARK_GAP = "·";

export interface SparklineOptions {
  /** Value drawn as the lowest bar; defaults to the smallest value. Availability passes 0. */
  min?: number;
  /** Value drawn as the highest bar; defaults to the largest value. Availability passes 100. */
  max?: number;
}

/**
 * One character per value: ▁▂▃▄▅▆▇█ scaled between `min` and `max` (values outside are clamped), `·` for
 * null or non-finite values. All-equal values draw a flat middle line (there is no scale to show); an empty
 * list draws "". Pure and total.
 */
export function sparkline(values: readonly (number | null)[], options: SparklineOptions = {}): string {
  let smallest = Number.POSITIVE_INFINITY;
  let largest = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    if (v < smallest) smallest = v;
    if (v > largest) largest = v;
  }
  let lo = Number.isFinite(options.min) ? options.min! : smallest;
  let hi = Number.isFinite(options.max) ? options.max! : largest;
  if (lo > hi) [lo, hi] = [hi, lo];
  const top = SPARK_BARS.length - 1;
  return values
    .map((v) => {
      if (v === null || !Number.isFinite(v)) return SPARK_GAP;
      if (!(hi > lo)) return SPARK_BARS[Math.ceil(top / 2)];
      const clamped = Math.min(hi, Math.max(lo, v));
      let ratio = (clamped - lo) / (hi - lo);
      // Extreme ranges overflow (±1e308) when subtracted whole; halving first keeps them finite.
      if (!Number.isFinite(ratio)) ratio = (clamped / 2 - lo / 2) / (hi / 2 - lo / 2);
      if (!Number.isFinite(ratio)) ratio = 0.5;
      return SPARK_BARS[Math.min(top, Math.max(0, Math.round(ratio * top)))];
    })
    .join("");
}
