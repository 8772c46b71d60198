import { describe, expect, it } from "vitest";
import { buildViewState, type RawInput } from "../../../dev/playground/web/render/view-state";
import { actions, blocks } from "../../../src/ui/ids";
import { renderCreateMonitorModal } from "../../../src/ui/render-create-monitor-modal";
import { renderPersonalAlertsModal } from "../../../src/ui/render-personal-alerts-modal";

describe("buildViewState", () => {
  it("builds Slack's state values for the create-monitor modal from what was entered", () => {
    const modal = renderCreateMonitorModal({ kind: "url", teamName: "Acme", privateMetadata: "{}" });
    const B = blocks.createMonitor;
    const entered: Record<string, RawInput> = {
      [B.kind]: { kind: "index", index: 0 },
      [B.name]: { kind: "text", text: "Checkout" },
      [B.url]: { kind: "text", text: "https://shop.example.com" },
      [B.interval]: { kind: "index", index: 1 },
      [B.group]: { kind: "option", option: { text: { type: "plain_text", text: "API" }, value: "API" } },
      [B.newGroup]: { kind: "text", text: "" },
    };
    const values = buildViewState(modal.blocks, (blockId) => entered[blockId]);
    const element = (blockId: string) => Object.values(values[blockId] ?? {})[0];
    expect(element(B.kind)).toMatchObject({ type: "radio_buttons", selected_option: { value: "url" } });
    expect(element(B.name)).toEqual({ type: "plain_text_input", value: "Checkout" });
    expect(element(B.interval)).toMatchObject({
      type: "static_select",
      selected_option: { value: expect.any(String) },
    });
    expect(element(B.group)).toEqual({
      type: "external_select",
      selected_option: { text: { type: "plain_text", text: "API" }, value: "API" },
    });
    // Empty and untouched inputs are reported with null, as Slack does.
    expect(element(B.newGroup)).toEqual({ type: "plain_text_input", value: null });
    expect(element(B.pronounceable)).toEqual({ type: "plain_text_input", value: null });
    // Non-input blocks (the context line) carry no state.
    expect(Object.keys(values)).not.toContain("b0");
  });

  it("builds the personal alerts modal's multi selects as selected_options, empty when nothing is picked", () => {
    const modal = renderPersonalAlertsModal({ teamName: "Acme", privateMetadata: "{}" });
    const P = blocks.personalAlerts;
    const primary = { text: { type: "plain_text", text: "Primary database" }, value: "9" };
    const values = buildViewState(modal.blocks, (blockId) =>
      blockId === P.monitors ? { kind: "options", options: [primary] } : undefined,
    );
    expect(values[P.monitors]).toEqual({
      [actions.personalAlerts.monitors]: { type: "multi_external_select", selected_options: [primary] },
    });
    expect(values[P.groups]).toEqual({
      [actions.personalAlerts.groups]: { type: "multi_external_select", selected_options: [] },
    });
  });

  it("reports checkboxes and pickers, and skips buttons", () => {
    const values = buildViewState(
      [
        {
          type: "input",
          block_id: "c",
          element: { type: "checkboxes", action_id: "x", options: [{ value: "a" }, { value: "b" }] },
        },
        { type: "input", block_id: "d", element: { type: "datepicker", action_id: "y" } },
        { type: "actions", block_id: "e", elements: [{ type: "button", action_id: "z" }] },
      ],
      (blockId) =>
        blockId === "c"
          ? { kind: "indexes", indexes: [1, 5] }
          : blockId === "d"
            ? { kind: "text", text: "2026-03-02" }
            : undefined,
    );
    expect(values).toEqual({
      c: { x: { type: "checkboxes", selected_options: [{ value: "b" }] } },
      d: { y: { type: "datepicker", selected_date: "2026-03-02" } },
    });
  });
});
