import { describe, expect, it } from "vitest";
import { personalAlertsModalCodec } from "../../../src/ui/codecs";
import { actions, blocks, views } from "../../../src/ui/ids";
import { parsePersonalAlertsForm } from "../../../src/ui/personal-alerts-form";
import {
  renderMonitorOptions,
  renderPersonalAlertsModal,
} from "../../../src/ui/render-personal-alerts-modal";
import { checkBlockKitLimits } from "../../support/block-kit-limits";

const A = actions.personalAlerts;
const B = blocks.personalAlerts;

const values = (fields: {
  monitors?: string[];
  groups?: string[];
  digest?: string;
  escalate?: string | null;
  storm?: string | null;
}) => ({
  [B.monitors]: {
    [A.monitors]: {
      type: "multi_external_select",
      selected_options: (fields.monitors ?? []).map((value) => ({
        text: { type: "plain_text", text: value },
        value,
      })),
    },
  },
  [B.groups]: {
    [A.groups]: {
      type: "multi_external_select",
      selected_options: (fields.groups ?? []).map((value) => ({
        text: { type: "plain_text", text: value },
        value,
      })),
    },
  },
  [B.digest]: {
    [A.digest]: {
      type: "static_select",
      selected_option: fields.digest
        ? { text: { type: "plain_text", text: "x" }, value: fields.digest }
        : null,
    },
  },
  [B.escalate]: { [A.escalate]: { type: "number_input", value: fields.escalate ?? null } },
  [B.storm]: { [A.storm]: { type: "number_input", value: fields.storm ?? null } },
});

describe("parsePersonalAlertsForm", () => {
  it("reads monitor ids as #id (so the subscribe service takes them as ids), groups, digest and reminder", () => {
    expect(
      parsePersonalAlertsForm(
        values({
          monitors: ["9", "9", "10"],
          groups: ["Infrastructure"],
          digest: "weekly",
          escalate: "15",
          storm: "3",
        }),
      ),
    ).toEqual({
      ok: true,
      form: {
        monitors: ["#9", "#10"],
        groups: ["Infrastructure"],
        digest: "weekly",
        escalateMinutes: 15,
        storm: 3,
      },
    });
  });

  it("takes nothing picked as every monitor, and 'No digest' as none", () => {
    expect(parsePersonalAlertsForm(values({ digest: "none" }))).toEqual({
      ok: true,
      form: { monitors: [], groups: [] },
    });
    expect(parsePersonalAlertsForm(undefined)).toEqual({ ok: true, form: { monitors: [], groups: [] } });
  });

  it("puts a bad reminder or a monitor value no menu gave next to its input", () => {
    const result = parsePersonalAlertsForm(values({ monitors: ["Blog"], escalate: "0", storm: "1.5" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[B.escalate]).toMatch(/1 to 1440/);
    expect(result.errors[B.monitors]).toMatch(/Pick the monitors/);
    expect(result.errors[B.storm]).toMatch(/1 to 1000/);
  });
});

describe("renderPersonalAlertsModal", () => {
  it("is a modal within Block Kit limits, with the team and the metadata", () => {
    const privateMetadata = personalAlertsModalCodec.encode({ teamId: "1" });
    const view = renderPersonalAlertsModal({ teamName: "Acme <Production>", privateMetadata });
    expect(view.callback_id).toBe(views.personalAlerts);
    expect(personalAlertsModalCodec.decode(view.private_metadata)).toEqual({ teamId: "1" });
    expect(JSON.stringify(view)).toContain("Acme &lt;Production&gt;");
    expect(JSON.stringify(view)).not.toContain("mention");
    expect(checkBlockKitLimits("modal", { ...view })).toEqual([]);
  });

  it("offers monitors by id with their group, names cut to the option limit", () => {
    const options = renderMonitorOptions([
      { id: "9", name: "Primary database", group: "Infrastructure" },
      { id: "1", name: "x".repeat(200), group: null },
    ]);
    expect(options[0]).toMatchObject({ value: "9", text: { text: "Primary database · Infrastructure" } });
    expect(options[1]!.text.text.length).toBeLessThanOrEqual(75);
  });
});

describe("the reminder period of Alert me about…", () => {
  const withRemind = (value: string | null) => ({
    ...values({}),
    [B.remind]: { [A.remind]: { type: "plain_text_input", value } },
  });

  it("is read as `--remind` reads it, in minutes", () => {
    expect(parsePersonalAlertsForm(withRemind("2h"))).toEqual({
      ok: true,
      form: { monitors: [], groups: [], remindMinutes: 120 },
    });
    expect(parsePersonalAlertsForm(withRemind("1h30m"))).toMatchObject({ form: { remindMinutes: 90 } });
    expect(parsePersonalAlertsForm(withRemind(" "))).toEqual({
      ok: true,
      form: { monitors: [], groups: [] },
    });
  });

  it("says the bounds when it is not a period from 1m to 24h", () => {
    for (const typed of ["2", "soon", "25h"])
      expect(parsePersonalAlertsForm(withRemind(typed))).toEqual({
        ok: false,
        errors: { [B.remind]: "A period from 1m to 24h, e.g. 2h or 90m." },
      });
  });

  it("is a field of the modal", () => {
    const modal = renderPersonalAlertsModal({ teamName: "Acme", privateMetadata: "{}" });
    const block = modal.blocks.find((b) => b.block_id === B.remind) as
      | { element: { action_id: string } }
      | undefined;
    expect(block?.element.action_id).toBe(A.remind);
  });
});
