import { describe, expect, it } from "vitest";
import { formatSlowRule } from "../../../src/domain/slow-rule";
import { formatCommand, parseCommand } from "../../../src/grammar";

/** `/uptime subscribe --slow <T>[/<N>]` (issue 37): the grammar's half of slow-response alerts. */
describe("subscribe --slow", () => {
  const accepted: [string, { thresholdMs: number; checks: number }][] = [
    ["subscribe --slow 2s", { thresholdMs: 2000, checks: 3 }],
    ["subscribe --slow 2s/3", { thresholdMs: 2000, checks: 3 }],
    ["subscribe --slow 2s/5", { thresholdMs: 2000, checks: 5 }],
    ["subscribe --slow=1.5s", { thresholdMs: 1500, checks: 3 }],
    ["subscribe --slow 800ms/1", { thresholdMs: 800, checks: 1 }],
    ["subscribe --slow 60S/20", { thresholdMs: 60_000, checks: 20 }],
    ["subscribe --slow 100ms", { thresholdMs: 100, checks: 3 }],
  ];

  it.each(accepted)("%j", (text, slow) => {
    expect(parseCommand(text)).toStrictEqual({ kind: "subscribe", monitors: [], groups: [], slow });
  });

  it("goes with the other options and filters", () => {
    expect(parseCommand("subscribe group:Edge --mention here --slow 3s/4 --escalate 15m")).toStrictEqual({
      kind: "subscribe",
      monitors: [],
      groups: ["Edge"],
      mention: { kind: "here" },
      escalateMinutes: 15,
      slow: { thresholdMs: 3000, checks: 4 },
    });
  });

  const refused: [string, RegExp][] = [
    ["subscribe --slow", /--slow needs a value: a check time, e\.g\. --slow 2s/],
    [
      "subscribe --slow 2",
      /--slow is <seconds>s or <ms>ms, 100ms to 60s, and \/<checks> in a row \(1 to 20, default 3\)/,
    ],
    ["subscribe --slow fast", /\(got "fast"\)/],
    ["subscribe --slow 2s/0", /--slow is .*\(got "2s\/0"\)/],
    ["subscribe --slow 2s/21", /\(got "2s\/21"\)/],
    ["subscribe --slow 50ms", /100ms to 60s/],
    ["subscribe --slow 61s", /100ms to 60s/],
    ["subscribe --slow 2m", /--slow is <seconds>s/],
    ["subscribe --slow -2s", /--slow/],
    ["subscribe --slow 2s --slow 3s", /--slow is given twice/],
  ];

  it.each(refused)("%j gives help on subscribe with a precise error", (text, error) => {
    const command = parseCommand(text);
    expect(command.kind).toBe("help");
    if (command.kind !== "help") return;
    expect(command.topic).toBe("subscribe");
    expect(command.error).toMatch(error);
  });

  it("is written back as typed, the default count left out, and parses to the same command", () => {
    for (const [text] of accepted) {
      const command = parseCommand(text);
      expect(parseCommand(formatCommand(command))).toStrictEqual(command);
    }
    expect(formatSlowRule({ thresholdMs: 2000, checks: 3 })).toBe("2s");
    expect(formatSlowRule({ thresholdMs: 1500, checks: 5 })).toBe("1.5s/5");
    expect(formatSlowRule({ thresholdMs: 850, checks: 3 })).toBe("850ms");
  });
});
