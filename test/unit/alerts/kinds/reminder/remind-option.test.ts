import { describe, expect, it } from "vitest";
// The registry declares the kinds' options (--remind among them) to the grammar when it loads.
import "../../../../../src/alerts/kinds/registry";
import { formatCommand, parseCommand } from "../../../../../src/grammar";
import { decodeSubscription } from "../../../../../src/store/subscription-codec";

/** `/uptime subscribe --remind <period>`: reminders while an incident stays open, 1m to 24h. */
describe("subscribe --remind", () => {
  const accepted: [string, number][] = [
    ["subscribe --remind 2h", 120],
    ["subscribe --remind 1m", 1],
    ["subscribe --remind=90m", 90],
    ["subscribe --remind 1h30m", 90],
    ["subscribe --remind 24h", 1440],
  ];

  it.each(accepted)("%j", (text, remindMinutes) => {
    expect(parseCommand(text)).toStrictEqual({
      kind: "subscribe",
      monitors: [],
      groups: [],
      options: { remind: remindMinutes },
    });
  });

  it("goes with the other options", () => {
    expect(parseCommand("subscribe group:Edge --escalate 15m --remind 2h")).toStrictEqual({
      kind: "subscribe",
      monitors: [],
      groups: ["Edge"],
      escalateMinutes: 15,
      options: { remind: 120 },
    });
  });

  const refused: [string, RegExp][] = [
    ["subscribe --remind", /--remind needs a value: a period, e\.g\. --remind 2h/],
    ["subscribe --remind 2", /--remind is a period from 1m to 24h.*\(got "2"\)/],
    ["subscribe --remind 0m", /1m to 24h/],
    ["subscribe --remind 25h", /1m to 24h/],
    ["subscribe --remind soon", /\(got "soon"\)/],
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

  it("a subscription stored before options were declared keeps its period", () => {
    const stored = {
      v: 1,
      workspace: { teamId: "T1" },
      channelId: "C1",
      apiTeamId: "team-1",
      filters: { monitors: [], groups: [] },
      mention: null,
      subscriber: { userId: "U1", apiUserId: "api-1" },
      target: "team:team-1:abc",
      id: "sub-1",
      createdAt: 1,
      remindMinutes: 120,
    };
    const decoded = decodeSubscription("k", JSON.stringify(stored), null);
    expect(decoded.options).toEqual({ remind: 120 });
    expect(decoded).not.toHaveProperty("remindMinutes");
  });
});
