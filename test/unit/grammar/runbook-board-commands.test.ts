import { describe, expect, it } from "vitest";
import { formatCommand, parseCommand } from "../../../src/grammar";

describe("/uptime runbook", () => {
  it("adds an https link to a monitor, with a label of several words", () => {
    expect(parseCommand("runbook api-eu https://wiki.example.com/runbooks/api On-call guide")).toEqual({
      kind: "runbook",
      action: "add",
      target: { kind: "monitor", monitor: "api-eu" },
      url: "https://wiki.example.com/runbooks/api",
      label: "On-call guide",
    });
  });

  it("reads a monitor name of several words, a group, and Slack's escaped link", () => {
    expect(parseCommand('runbook "API gateway" <https://wiki.example.com/gw>')).toMatchObject({
      action: "add",
      target: { kind: "monitor", monitor: "API gateway" },
      url: "https://wiki.example.com/gw",
    });
    expect(parseCommand("runbook group:Edge https://wiki.example.com/edge")).toMatchObject({
      action: "add",
      target: { kind: "group", group: "Edge" },
    });
  });

  it("lists without a link, and removes the n-th", () => {
    expect(parseCommand("runbook api-eu")).toEqual({
      kind: "runbook",
      action: "list",
      target: { kind: "monitor", monitor: "api-eu" },
    });
    expect(parseCommand("runbook remove group:Edge 2")).toEqual({
      kind: "runbook",
      action: "remove",
      target: { kind: "group", group: "Edge" },
      n: 2,
    });
  });

  it("refuses http, junk links, a missing target and a bad number with a clear message", () => {
    const error = (text: string) => {
      const parsed = parseCommand(text);
      return parsed.kind === "help" ? parsed.error : undefined;
    };
    expect(error("runbook api-eu http://wiki.example.com/x")).toMatch(/must use https, not http/);
    expect(error("runbook api-eu ftp://files.example.com/x")).toMatch(/must be an https URL/);
    expect(error("runbook api-eu www.example.com/x")).toMatch(/is an https URL/);
    expect(error("runbook api-eu https://user:pw@wiki.example.com")).toMatch(/user name or password/);
    expect(error("runbook https://wiki.example.com")).toMatch(/needs a monitor or group/);
    expect(error("runbook")).toMatch(/needs a monitor or group/);
    expect(error("runbook remove api-eu 4")).toMatch(/1 to 3/);
    expect(error("runbook remove api-eu x")).toMatch(/number of the link/);
    expect(error(`runbook api https://a.example.com ${"x".repeat(61)}`)).toMatch(/at most 60/);
  });

  it("formats back to what parses the same", () => {
    for (const text of [
      "runbook api-eu https://wiki.example.com/a Guide",
      "runbook group:Edge",
      "runbook remove api-eu 1",
    ]) {
      const command = parseCommand(text);
      expect(parseCommand(formatCommand(command))).toEqual(command);
    }
  });
});

describe("/uptime board", () => {
  it("posts, for a group, or turns off", () => {
    expect(parseCommand("board")).toEqual({ kind: "board", action: "post" });
    expect(parseCommand("board group:Edge")).toEqual({ kind: "board", action: "post", group: "Edge" });
    expect(parseCommand("board off")).toEqual({ kind: "board", action: "off" });
  });

  it("refuses anything else", () => {
    const parsed = parseCommand("board api-eu");
    expect(parsed.kind).toBe("help");
    expect(parsed.kind === "help" && parsed.error).toMatch(/at most one group/);
    expect(parseCommand("board group:a group:b").kind).toBe("help");
  });
});
