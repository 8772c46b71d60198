// Issue 37's grammar: `/uptime maintenance ...` and `/uptime mute <monitor> <duration | until-recovered>`,
// their durations, `--at HH:MM` and `--reason`, and the sentences for what is wrong.
import { describe, expect, it } from "vitest";
import { formatCommand, parseCommand } from "../../../src/grammar";
import { formatMinutes } from "../../../src/grammar/format-command";
import { parseClockTime, parseDuration } from "../../../src/grammar/parsers/quiet";

describe("durations", () => {
  it.each([
    ["30m", 30],
    ["2h", 120],
    ["1h30m", 90],
    ["1d", 1440],
    ["1d2h", 1560],
    ["90min", 90],
    ["2H", 120],
  ])("reads %s as %i minutes", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
    expect(parseDuration(formatMinutes(minutes))).toBe(minutes);
  });

  it.each(["90", "", "h", "2 weeks", "1w", "soon", "-1h"])("refuses %j", (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it("reads a 24-hour clock time and refuses anything else", () => {
    expect(parseClockTime("22:30")).toEqual({ hour: 22, minute: 30 });
    expect(parseClockTime("7:05")).toEqual({ hour: 7, minute: 5 });
    for (const bad of ["24:00", "12:60", "10pm", "1030", "10:5"]) expect(parseClockTime(bad)).toBeNull();
  });
});

describe("maintenance", () => {
  it("lists with no arguments, and ends a window by its id", () => {
    expect(parseCommand("maintenance")).toEqual({ kind: "maintenance", action: "list" });
    expect(parseCommand("maint end K3F9")).toEqual({ kind: "maintenance", action: "end", id: "k3f9" });
    expect(parseCommand("maintenance end #k3f9")).toEqual({ kind: "maintenance", action: "end", id: "k3f9" });
  });

  it("plans for a monitor name of several words, a group or all, with --at and a reason without quotes", () => {
    expect(parseCommand("maintenance API gateway 2h --at 22:00 --reason database upgrade, phase 2")).toEqual({
      kind: "maintenance",
      action: "plan",
      target: { kind: "monitor", monitor: "API gateway" },
      minutes: 120,
      at: { hour: 22, minute: 0 },
      reason: "database upgrade, phase 2",
    });
    expect(parseCommand('maintenance group:"Edge EU" 45m --reason cdn --at 06:15')).toEqual({
      kind: "maintenance",
      action: "plan",
      target: { kind: "group", group: "Edge EU" },
      minutes: 45,
      at: { hour: 6, minute: 15 },
      reason: "cdn",
    });
    expect(parseCommand("maintenance all 1h30m")).toEqual({
      kind: "maintenance",
      action: "plan",
      target: { kind: "all" },
      minutes: 90,
    });
    expect(parseCommand('maintenance all 7d --team "Acme Staging" --reason move')).toEqual({
      kind: "maintenance",
      action: "plan",
      target: { kind: "all" },
      minutes: 7 * 1440,
      team: "Acme Staging",
      reason: "move",
    });
    expect(parseCommand("maintenance group:Edge 1h --team 2")).toMatchObject({ team: "2" });
    expect(parseCommand('maintenance "all" 1h')).toMatchObject({
      target: { kind: "monitor", monitor: "all" },
    });
  });

  it.each([
    ["maintenance Docs", /needs what and how long/],
    ["maintenance 2h", /needs a monitor, group:<name> or all before the duration/],
    ["maintenance Docs 2w", /needs what and how long.*\(got "2w"\)/],
    ["maintenance Docs 8d", /lasts from 1 minute to 7 days \(got "8d"\)/],
    ["maintenance Docs 0m", /lasts from 1 minute to 7 days/],
    ["maintenance Docs group:Edge 2h", /covers one monitor, one group:<name> or all/],
    ["maintenance Docs 2h --at 25:00", /--at is a time on a 24-hour clock, e.g. --at 22:30 \(got "25:00"\)/],
    ["maintenance Docs 2h --at", /--at needs a value/],
    ["maintenance Docs 2h --reason", /--reason needs a text/],
    ["maintenance Docs 2h --until 3", /unknown option --until for "maintenance" \(options: --at, --team\)/],
    ["maintenance all 2h --team", /--team needs a value: the id or name of an API team/],
    ["maintenance end", /takes the id of a window/],
    ["maintenance end a b", /takes the id of a window/],
    [`maintenance Docs 1h --reason ${"x".repeat(201)}`, /--reason is at most 200 characters/],
  ])("%s is explained, not run", (text, error) => {
    const command = parseCommand(text);
    expect(command.kind).toBe("help");
    expect(command).toMatchObject({ topic: "maintenance" });
    expect((command as { error: string }).error).toMatch(error);
  });

  it("formats what it parses into text that parses to the same command", () => {
    for (const text of [
      "maintenance",
      "maintenance end k3f9",
      "maintenance API gateway 2h --at 22:00 --reason database upgrade",
      'maintenance group:"Edge EU" 1d1m',
      "maintenance all 45m --reason x",
    ]) {
      const command = parseCommand(text);
      expect(command.kind).toBe("maintenance");
      expect(parseCommand(formatCommand(command))).toEqual(command);
    }
  });
});

describe("mute", () => {
  it("takes a duration or until-recovered after a monitor name", () => {
    expect(parseCommand("mute api-eu 4h")).toEqual({
      kind: "mute",
      monitor: "api-eu",
      duration: { kind: "minutes", minutes: 240 },
    });
    expect(parseCommand("mute API gateway until-recovered")).toEqual({
      kind: "mute",
      monitor: "API gateway",
      duration: { kind: "until-recovered" },
    });
    expect(parseCommand("snooze Docs until recovered")).toEqual({
      kind: "mute",
      monitor: "Docs",
      duration: { kind: "until-recovered" },
    });
    for (const text of ["mute api-eu 30m", 'mute "API gateway" until-recovered', "mute x 1d"]) {
      const command = parseCommand(text);
      expect(parseCommand(formatCommand(command))).toEqual(command);
    }
  });

  it.each([
    ["mute api-eu", /"mute" needs a monitor and how long/],
    ["mute 4h", /"mute" needs a monitor and how long/],
    ["mute api-eu forever", /"mute" needs a monitor and how long/],
    ["mute api-eu 8d", /a mute lasts from 1 minute to 7 days \(got "8d"\)/],
    ["mute api-eu 3w", /\(got "3w"\)/],
  ])("%s is explained, not run", (text, error) => {
    const command = parseCommand(text);
    expect(command).toMatchObject({ kind: "help", topic: "mute" });
    expect((command as { error: string }).error).toMatch(error);
  });
});
