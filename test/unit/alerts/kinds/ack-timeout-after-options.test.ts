import { describe, expect, it } from "vitest";
// The registry declares the kinds' options (--ack-timeout, --after among them) to the grammar when it loads.
import "../../../../src/alerts/kinds/registry";
import { formatCommand, parseCommand } from "../../../../src/grammar";

/** `subscribe --ack-timeout <period>` (1m to 24h) and `--after <duration>` (30s to 30m). */
describe("subscribe --ack-timeout and --after", () => {
  const accepted: [string, Record<string, number>][] = [
    ["subscribe --ack-timeout 1h", { "ack-timeout": 60 }],
    ["subscribe --ack-timeout 1m", { "ack-timeout": 1 }],
    ["subscribe --ack-timeout=24h", { "ack-timeout": 1440 }],
    ["subscribe --after 2m", { after: 120 }],
    ["subscribe --after 30s", { after: 30 }],
    ["subscribe --after 1m30s", { after: 90 }],
    ["subscribe --after 30m", { after: 1800 }],
    ["subscribe --ack-timeout 90m --after 45s", { "ack-timeout": 90, after: 45 }],
  ];

  it.each(accepted)("%j", (text, fields) => {
    expect(parseCommand(text)).toStrictEqual({
      kind: "subscribe",
      monitors: [],
      groups: [],
      options: fields,
    });
  });

  const refused: [string, RegExp][] = [
    ["subscribe --ack-timeout", /--ack-timeout needs a value: a period, e\.g\. --ack-timeout 1h/],
    ["subscribe --ack-timeout 0m", /--ack-timeout is a period from 1m to 24h/],
    ["subscribe --ack-timeout 25h", /1m to 24h.*\(got "25h"\)/],
    ["subscribe --after", /--after needs a value: a duration, e\.g\. --after 2m/],
    ["subscribe --after 29s", /--after is a duration from 30s to 30m.*\(got "29s"\)/],
    ["subscribe --after 31m", /30s to 30m/],
    ["subscribe --after 2", /30s to 30m.*\(got "2"\)/],
    ["subscribe --after soon", /\(got "soon"\)/],
  ];

  it.each(refused)("%j gives help on subscribe with a precise error", (text, error) => {
    const command = parseCommand(text);
    expect(command.kind).toBe("help");
    if (command.kind !== "help") return;
    expect(command.topic).toBe("subscribe");
    expect(command.error).toMatch(error);
  });

  it("is written back and parses to the same command", () => {
    for (const [text] of accepted) {
      const command = parseCommand(text);
      expect(parseCommand(formatCommand(command))).toStrictEqual(command);
    }
  });
});
