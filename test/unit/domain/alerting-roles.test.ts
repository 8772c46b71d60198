import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  type AlertingAction,
  mayChange,
  mentionsOthers,
  muteAction,
  ROLE_TABLE,
  roleTableMarkdown,
  STANDINGS,
  type Standing,
  standingOf,
} from "../../../src/domain/alerting-roles";

/** The rule of the issue, written out here by hand: owner, regular member, read-only member, outsider. */
const EXPECTED: Record<AlertingAction, [boolean, boolean, boolean, boolean]> = {
  subscribe: [true, true, true, false],
  "replace-others": [true, true, false, false],
  "unsubscribe-own": [true, true, true, false],
  "unsubscribe-others": [true, true, false, false],
  "mute-short": [true, true, true, false],
  "mute-long": [true, true, false, false],
  unmute: [true, true, true, false],
  "acknowledge-all": [true, true, true, false],
  "test-alert": [true, true, true, false],
  "digest-now": [true, true, true, false],
  maintenance: [true, true, false, false],
  "mention-others": [true, true, false, false],
  "open-incident-channel": [true, true, true, false],
  "archive-incident-channel": [true, true, true, false],
  // As the API answers an acknowledge: a read-only member is refused.
  "answer-alert": [true, true, false, false],
  page: [true, true, true, false],
  oncall: [true, true, false, false],
  "add-note": [true, true, false, false],
  "write-postmortem": [true, true, false, false],
  "edit-runbooks": [true, true, false, false],
  "post-board": [true, true, true, false],
};

describe("the role table", () => {
  it("answers every row for an owner, a member, a read-only member and an outsider", () => {
    expect(ROLE_TABLE.map((row) => row.action).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const row of ROLE_TABLE) {
      STANDINGS.forEach((standing: Standing, i) => {
        const verdict = mayChange(row.action, standing);
        expect(verdict.allowed, `${row.action} / ${standing}`).toBe(EXPECTED[row.action][i]);
        // A refusal names the role it needs.
        if (!verdict.allowed) expect(verdict.message).toMatch(/only (any member|a team owner|anyone in)/);
      });
    }
  });

  it("gives every row a read-only member may not do its own sentence", () => {
    for (const row of ROLE_TABLE.filter((r) => r.needs === "writer")) {
      expect(row.readOnlyRefusal, row.action).toContain("{team}");
    }
  });

  it("reads the API's roles (A3): owner, any spelling of read-only, anything else a regular member", () => {
    expect(standingOf("owner")).toBe("owner");
    for (const role of ["read-only", "read_only", "readonly", "Read only", "READ-ONLY"])
      expect(standingOf(role)).toBe("read-only");
    for (const role of ["regular", "member", "admin", "read", ""]) expect(standingOf(role)).toBe("member");
    expect(standingOf(null)).toBe("outsider");
    expect(standingOf(undefined)).toBe("outsider");
  });

  it("puts mutes of up to 4 h in the short row, longer ones and until-recovered in the long one", () => {
    expect(muteAction({ minutes: 60 })).toBe("mute-short");
    expect(muteAction({ minutes: 240 })).toBe("mute-short");
    expect(muteAction({ minutes: 241 })).toBe("mute-long");
    expect(muteAction({ minutes: 7 * 24 * 60 })).toBe("mute-long");
    expect(muteAction("until-recovered")).toBe("mute-long");
  });

  it("counts every mention but one's own as pinging others", () => {
    const me = "U0ME";
    expect(mentionsOthers([null, undefined], me)).toBe(false);
    expect(mentionsOthers([{ kind: "user", id: me }], me)).toBe(false);
    expect(mentionsOthers([{ kind: "user", id: "U0OTHER" }], me)).toBe(true);
    expect(mentionsOthers([null, { kind: "usergroup", id: "S0ALL" }], me)).toBe(true);
    expect(mentionsOthers([{ kind: "here" }], me)).toBe(true);
    expect(mentionsOthers([{ kind: "channel" }], me)).toBe(true);
  });

  it("is what README's section \"Who may change a channel's alerts\" shows, exactly", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const heading = "### Who may change a channel's alerts";
    const start = readme.indexOf(heading);
    expect(start, "README has the section").toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf("\n#", start + heading.length));
    const tables = section.split("\n").filter((line) => line.startsWith("|"));
    // On a mismatch, paste roleTableMarkdown() (src/domain/alerting-roles.ts) into README.
    expect(tables.join("\n")).toBe(roleTableMarkdown());
  });
});
