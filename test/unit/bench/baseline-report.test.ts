import { describe, expect, it } from "vitest";
import { baselineOptions, benchNames } from "../../../bench/baseline";
import { compareGoals, readGoals } from "../../../bench/baseline-report";

const run = (ratio: number, cpu: number) =>
  readGoals(
    [
      "medians of 9 rounds:",
      `goal commands-vs-floor: ${ratio} x, bot full p50 30.1 ms / floor + shares 27.0 ms (<= 1.10) ${ratio <= 1.1 ? "PASS" : "FAIL"}`,
      `goal app-cpu-vs-floor: ${cpu} x, bot 0.9 ms / floor + shares 0.7 ms of CPU per command (<= 1.15) FAIL`,
      "not judged, where the bot's CPU above the floor goes: 0.3 ms",
    ].join("\n"),
  );

describe("the side-by-side bench report", () => {
  it("reads each goal line's id, first figure and verdict, and nothing else", () => {
    expect(run(1.04, 1.31)).toEqual([
      { id: "commands-vs-floor", value: 1.04, pass: true },
      { id: "app-cpu-vs-floor", value: 1.31, pass: false },
    ]);
    expect(
      readGoals("goal bot-rss: 117 MB at the end (the floor app's RSS: 110 MB) (<= 120 MB) PASS"),
    ).toEqual([{ id: "bot-rss", value: 117, pass: true }]);
  });

  it("calls a difference no larger than either tree's own spread within the noise", () => {
    const [ratio, cpu] = compareGoals([run(1.1, 1.3), run(1.2, 1.32)], [run(1.0, 1.5), run(1.1, 1.52)]);
    // commands: this 1.1-1.2 (median 1.15), baseline 1.0-1.1 (1.05): 1.095 x, spread 0.1/1.05 = 9.5 %.
    expect(ratio).toMatchObject({ id: "commands-vs-floor", currentMedian: 1.15, baselineMedian: 1.05 });
    expect(ratio!.noise).toBeCloseTo(0.1 / 1.05, 5);
    expect(ratio!.verdict).toBe("within noise");
    // CPU: 1.31 against 1.51, each tree within 0.02 of itself: outside.
    expect(cpu!.verdict).toBe("outside noise");
    expect(cpu!.ratio).toBeCloseTo(1.31 / 1.51, 5);
  });

  it("gives no noise figure from one run of a tree", () => {
    expect(compareGoals([run(1.1, 1.3)], [run(1.0, 1.5), run(1.1, 1.5)])[0]!.verdict).toBe("no noise figure");
  });
});

describe("the bench's arguments", () => {
  it("takes --baseline and --repeats out of the names", () => {
    const argv = ["commands", "--baseline", "../before", "alerts", "--repeats", "4"];
    expect(benchNames(argv)).toEqual(["commands", "alerts"]);
    expect(baselineOptions(argv, {})).toMatchObject({ repeats: 4 });
    expect(baselineOptions(argv, {})!.baseline).toMatch(/\/before$/);
  });

  it("reads the baseline from BENCH_BASELINE, two repeats unless told, none without either", () => {
    expect(baselineOptions(["commands"], { BENCH_BASELINE: "/work/before" })).toEqual({
      baseline: "/work/before",
      repeats: 2,
    });
    expect(baselineOptions(["commands"], {})).toBeUndefined();
    expect(() => baselineOptions(["--baseline", "x", "--repeats", "0"], {})).toThrow(/repeats/);
  });
});
