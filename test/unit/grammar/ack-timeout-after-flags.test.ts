import { describe, expect, it } from "vitest";
import { formatCommand, parseCommand } from "../../../src/grammar";

/** `subscribe --ack-timeout <period>` (1m to 24h) and `--after <duration>` (30s to 30m). */
describe("subscribe --ack-timeout and --after", () => {
  const accepted: [string, Record<string, number>][] = [
    ["subscribe --ack-timeout 1h", { ackTimeoutMinutes: 60 }],
    ["subscribe --ack-timeout 1m", { ackTimeoutMinutes: 1 }],
    ["subscribe --ack-timeout=24h", { ackTimeoutMinutes: 1440 }],
    ["subscribe --after 2m", { afterSeconds: 120 }],
    ["subscribe --after 30s", { afterSeconds: 30 }],
    ["subscribe --after 1m30s", { afterSeconds: 90 }],
    ["subscribe --after 30m", { afterSeconds: 1800 }],
    [
      "subscribe --escalate 5m --ack-timeout 90m --after 45s",
      { escalateMinutes: 5, ackTimeoutMinutes: 90, afterSeconds: 45 },
    ],
  ];

  it.each(accepted)("%j", (text, fields) => {
    expect(parseCommand(text)).toStrictEqual({ kind: "subscribe", monitors: [], groups: [], ...fields });
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
