import { describe, expect, it } from "vitest";
import { parseCommand } from "../../../src/grammar";

const A = "<@UA1|ana>";
const B = "<@UB2|ben>";

describe("oncall", () => {
  it("shows, turns off, overrides and sets", () => {
    expect(parseCommand("oncall")).toEqual({ kind: "oncall", action: "show" });
    expect(parseCommand("oncall off")).toEqual({ kind: "oncall", action: "off" });
    expect(parseCommand(`oncall override ${B} 4h`)).toEqual({
      kind: "oncall",
      action: "override",
      user: "UB2",
      minutes: 240,
    });
    expect(parseCommand(`oncall set ${A} ${B} --every 1w --at "Mon 09:00"`)).toEqual({
      kind: "oncall",
      action: "set",
      people: ["UA1", "UB2"],
      everyDays: 7,
      at: { weekday: 1, hour: 9, minute: 0 },
    });
  });

  it("reads --at unquoted, a daily time, the defaults and a group", () => {
    expect(parseCommand(`oncall set ${A} --every 2w --at tuesday 18:30`)).toMatchObject({
      everyDays: 14,
      at: { weekday: 2, hour: 18, minute: 30 },
    });
    expect(parseCommand(`oncall set ${A} ${B} --every 3d --at 08:00`)).toMatchObject({
      everyDays: 3,
      at: { hour: 8, minute: 0 },
    });
    expect(parseCommand(`oncall set ${A}`)).toMatchObject({ everyDays: 7, at: { weekday: 1, hour: 9 } });
    expect(parseCommand(`oncall set ${A} --group <!subteam^S123|@uptime-oncall>`)).toMatchObject({
      group: { id: "S123", handle: "uptime-oncall" },
    });
    expect(parseCommand(`oncall set ${A} --group @uptime-oncall`)).toMatchObject({
      group: { handle: "uptime-oncall" },
    });
  });

  it("accepts oncall as a mention and as an escalation step's mention", () => {
    expect(parseCommand("subscribe --mention oncall")).toMatchObject({ mention: { kind: "oncall" } });
    expect(parseCommand("subscribe --escalate 5m:oncall,15m:@leads")).toMatchObject({
      escalateSteps: [
        { minutes: 5, mention: { kind: "oncall" } },
        { minutes: 15, mention: { kind: "usergroup", handle: "leads" } },
      ],
    });
  });

  const errors: [string, RegExp][] = [
    ["oncall who", /"oncall" is followed by nothing, set, override or off \(got "who"\)/],
    ["oncall set", /"oncall set" needs the people who take turns/],
    ["oncall set @ana", /name each person with Slack's autocomplete .*\(got "@ana"\)/],
    [`oncall set ${A} ${A}`, /<@UA1> is in the rota twice/],
    [`oncall set ${A} --every 5w`, /--every is a turn from 1d to 4w.*\(got "5w"\)/],
    [`oncall set ${A} --every 0d`, /--every is a turn from 1d to 4w/],
    [`oncall set ${A} --every 2h`, /--every is a turn from 1d to 4w/],
    [`oncall set ${A} --every 3d --at "Mon 09:00"`, /--at names a weekday only for turns of whole weeks/],
    [`oncall set ${A} --at "Someday 25:00"`, /--at is a handover time.*\(got "Someday 25:00"\)/],
    [`oncall set ${A} --group everyone`, /--group is a Slack user group/],
    [`oncall set ${A} --when 9`, /unknown option --when for "oncall set"/],
    [`oncall override ${B}`, /"oncall override" takes one person and how long/],
    [`oncall override ${B} 8d`, /an override lasts from 1 minute to 7 days.*\(got "8d"\)/],
    [`oncall override ${B} soon`, /an override lasts from 1 minute to 7 days/],
    ["oncall off now", /"oncall off" takes nothing more/],
  ];

  it.each(errors)("%j is refused clearly", (text, error) => {
    const command = parseCommand(text);
    expect(command).toMatchObject({ kind: "help", topic: "oncall" });
    expect(command.kind === "help" ? command.error : "").toMatch(error);
  });
});
