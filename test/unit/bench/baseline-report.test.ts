import { describe, expect, it } from "vitest";
import { baselineOptions, benchNames } from "../../../bench/baseline";
import { compareGoals, readFigures, readGoals } from "../../../bench/baseline-report";

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

describe("the commands figures, like for like across versions of the bench", () => {
  // Lines as 789a6bc's bench printed them (goals against the bare floor) and as this tree's prints them.
  const before = [
    "  bot full p50 33.9 ms, floor full p50 23.9 ms; no-op ack p50 6.1 ms, direct API p50 9.5 ms; CPU per command: bot 0.900 ms, floor 0.580 ms",
    "goal ack-p99: 74.8 ms (<= 50 ms) FAIL",
    "goal commands-vs-floor: 1.42 x, bot full p50 33.9 ms / floor 23.9 ms (<= 1.10) FAIL",
    "goal app-cpu-vs-floor: 1.55 x, bot 0.900 ms / floor 0.580 ms of CPU per command (<= 1.15) FAIL",
    "goal bot-rss: 142 MB at the end (the floor app's RSS after its runs: 131 MB) (<= 120 MB) FAIL",
    "not judged, the floor with issue 36's shares in Redis (...): CPU 0.720 ms per command = 1.24 x the floor, full p50 25.0 ms = 1.05 x; the bot 1.25 x its CPU and 1.36 x its p50",
  ].join("\n");
  const after = [
    "  bot full p50 29.2 ms, floor + shares full p50 29.4 ms (bare floor 26.9 ms); no-op ack p50 6.1 ms, direct API p50 8.3 ms; CPU per command: bot 0.820 ms, floor + shares 0.720 ms (bare floor 0.560 ms)",
    "goal ack-p99: 131.2 ms (<= 50 ms) FAIL",
    "goal commands-vs-floor: 0.99 x, bot full p50 29.2 ms / floor + shares 29.4 ms (1.09 x the bare floor's 26.9 ms) (<= 1.10) PASS",
    "goal app-cpu-vs-floor: 1.14 x, bot 0.820 ms / floor + shares 0.720 ms of CPU per command (1.46 x the bare floor's 0.560 ms) (<= 1.15) PASS",
    "goal bot-rss: 1.17 x, 143 MB at the end / the floor app's 122 MB after its runs (<= 1.15 x the floor app's RSS) FAIL",
  ].join("\n");
  const values = (output: string) => readFigures("commands", output).map((f) => [f.id, f.value]);

  it("reads the floor + shares ratios from the goal lines now and from the not-judged line before", () => {
    expect(values(before)).toEqual([
      ["app-cpu-vs-floor (bot / floor + shares CPU)", 1.25],
      ["commands-vs-floor (bot / floor + shares p50)", 1.36],
      ["app-cpu vs the bare floor (not judged)", 1.55],
      ["bot CPU per command, ms (not judged)", 0.9],
      ["ack-p99", 74.8],
      ["bot-rss, MB", 142],
    ]);
    expect(values(after)).toEqual([
      ["app-cpu-vs-floor (bot / floor + shares CPU)", 1.14],
      ["commands-vs-floor (bot / floor + shares p50)", 0.99],
      ["app-cpu vs the bare floor (not judged)", 1.46],
      ["bot CPU per command, ms (not judged)", 0.82],
      ["ack-p99", 131.2],
      ["bot-rss, MB", 143],
    ]);
  });

  it("reads a quick alerts run, which judges no goal, from its quick line and its poller's line", () => {
    const quick = [
      "the limit, the mean of both: 17208 GET/s, 26 µs per GET",
      "  pid 8374: 11104 polls/s (quiet 111038; 0 errors), CPU 45% (41 µs per poll), RSS 126 MB (heap 31 of 51 MB, external 5 MB); GC 412 scavenges (770 ms), 6 others (56 ms)",
      "quick: quiet polls/s / raw GET/s = 0.65 (stolen: 0.1% of the raw loop's windows, 0.0% of the poller's); Redis commands per poll: evalsha 0.006",
    ].join("\n");
    expect(readFigures("alerts", quick).map((f) => [f.id, f.value])).toEqual([
      ["quick: quiet polls/s / raw GET/s", 0.65],
      ["poller CPU per poll, µs", 41],
      ["poller CPU per poll / raw CPU per GET", 1.58],
      ["poller RSS, MB", 126],
    ]);
  });

  it("reads other benches' goal lines as they are", () => {
    expect(readFigures("cluster", "goal scale-out: 2.98, latency-bound (>= 1.7, on the lower) PASS")).toEqual(
      [{ id: "scale-out", value: 2.98, pass: true }],
    );
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
