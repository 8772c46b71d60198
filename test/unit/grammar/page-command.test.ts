import { describe, expect, it } from "vitest";
import { formatCommand, parseCommand } from "../../../src/grammar";
import { readPageForm, renderPageModal, renderUsergroupOptions } from "../../../src/ui/render-page-modal";

describe("/uptime page", () => {
  it("reads a monitor, people, groups and the message after a lone --", () => {
    expect(
      parseCommand('page "Web shop" <@U0RITA|rita> <!subteam^S0OPS|@ops> -- DB is --down'),
    ).toStrictEqual({
      kind: "page",
      about: { monitor: "Web shop" },
      targets: [
        { kind: "user", id: "U0RITA" },
        { kind: "usergroup", id: "S0OPS", handle: "ops" },
      ],
      message: "DB is --down",
    });
  });

  it("reads a number as an incident id, and a typed @handle as a group to look up", () => {
    expect(parseCommand("page #123 @oncall")).toStrictEqual({
      kind: "page",
      about: { incidentId: "123" },
      targets: [{ kind: "usergroup", handle: "oncall" }],
    });
  });

  it("reads a test alert's id as its incident, never as a monitor", () => {
    expect(parseCommand("page test-mh3k9abc <@U1|rita>")).toStrictEqual({
      kind: "page",
      about: { incidentId: "test-mh3k9abc" },
      targets: [{ kind: "user", id: "U1" }],
    });
  });

  it("reads oncall as whoever the channel's rota has on call", () => {
    expect(parseCommand("page 123 oncall <@U1|rita>")).toStrictEqual({
      kind: "page",
      about: { incidentId: "123" },
      targets: [{ kind: "oncall" }, { kind: "user", id: "U1" }],
    });
  });

  it("says what is wrong: nothing, nobody, the channel, a plain word", () => {
    const error = (text: string) => (parseCommand(text) as { error?: string }).error;
    expect(error("page")).toContain("needs a monitor or an incident id");
    expect(error("page api-eu")).toContain("name at least one @person or @group");
    expect(error("page api-eu -- hello")).toContain("name at least one @person or @group");
    expect(error("page api-eu <!here>")).toContain("not the whole channel");
    expect(error("page api-eu rita")).toContain('"rita" is not a @person, a @group or oncall');
    expect(error("page <@U1|a> api-eu")).toContain("name the monitor or incident first");
    expect(error("page api-eu @here")).toContain("not the whole channel");
    expect(error("page --state <@U1|a>")).toContain('"page" has no options');
  });

  it("formats back to what parses the same", () => {
    const command = parseCommand("page api-eu <@U0RITA|rita> @ops -- look");
    expect(parseCommand(formatCommand(command))).toStrictEqual(command);
  });
});

describe("the Page modal", () => {
  it("reads people, groups and the line", () => {
    expect(
      readPageForm({
        "page.people": { "page.people": { selected_users: ["U1", "U2"] } },
        "page.groups": { "page.groups": { selected_options: [{ value: "S1" }] } },
        "page.message": { "page.message": { value: "  look  " } },
      }),
    ).toEqual({ users: ["U1", "U2"], groups: ["S1"], message: "look" });
    expect(readPageForm({})).toEqual({ users: [], groups: [] });
  });

  it("offers whoever is on call only where the channel has a rota, and reads the tick", () => {
    const ids = (onCall?: string) =>
      renderPageModal({ privateMetadata: "x", onCall }).blocks.map((b) => b.block_id);
    expect(ids()).not.toContain("page.oncall");
    expect(ids("U0BOB")).toContain("page.oncall");
    expect(JSON.stringify(renderPageModal({ privateMetadata: "x", onCall: "U0BOB" }).blocks)).toContain(
      "Whoever is on call (<@U0BOB> now)",
    );
    expect(
      readPageForm({ "page.oncall": { "page.oncall": { selected_options: [{ value: "oncall" }] } } }),
    ).toEqual({ users: [], groups: [], oncall: true });
    expect(readPageForm({ "page.oncall": { "page.oncall": { selected_options: [] } } })).toEqual({
      users: [],
      groups: [],
    });
  });

  it("offers the groups whose handle or name holds what was typed", () => {
    const groups = [
      { id: "S1", handle: "oncall", name: "On-call" },
      { id: "S2", handle: "sre", name: "Site reliability" },
    ];
    expect(renderUsergroupOptions(groups, "@on").map((o) => o.value)).toEqual(["S1"]);
    expect(renderUsergroupOptions(groups, "reliab").map((o) => o.value)).toEqual(["S2"]);
    expect(renderUsergroupOptions(groups, "").map((o) => o.text.text)).toEqual([
      "@oncall (On-call)",
      "@sre (Site reliability)",
    ]);
  });
});
