import { describe, expect, it } from "vitest";
import { actions } from "../../../src/ui/ids";
import {
  renderStepConfirmation,
  renderStepConfirmationEnd,
  stepConfirmationError,
} from "../../../src/ui/render-step-confirmation";
import { textOf } from "../../support/text-of";

const pause = {
  kind: "pause" as const,
  id: "7",
  name: "Payments *API* <!here>",
  teamName: "Acme Production",
};
const ack = { kind: "acknowledge" as const, id: "42", name: null, teamName: "Acme" };

type Element = { action_id?: string; value?: string };
const buttons = (r: { blocks?: unknown[] }) =>
  ((r.blocks ?? []) as { elements?: Element[] }[])
    .flatMap((b) => b.elements ?? [])
    .filter((e) => e.action_id);

describe("a changing workflow step's question", () => {
  it("names what would change and in which team, escaped, with Confirm and Cancel carrying its id", () => {
    const asked = renderStepConfirmation(pause, "abc123", Date.UTC(2026, 0, 1, 12));
    const text = textOf(asked);
    expect(text).toContain("*pause*");
    expect(text).toContain("Acme Production");
    expect(text).toContain("(id 7)");
    expect(text).not.toContain("<!here>");
    expect(buttons(asked).map((b) => [b.action_id, b.value])).toEqual([
      [actions.stepConfirm, "abc123"],
      [actions.stepCancel, "abc123"],
    ]);
  });

  it("once answered says what happened and keeps no button", () => {
    const done = renderStepConfirmationEnd(pause, {
      kind: "done",
      outputs: { monitor_id: "7", paused: true, changed: true },
    });
    expect(textOf(done)).toContain("Confirmed: paused");
    expect(buttons(done)).toEqual([]);
    expect(textOf(renderStepConfirmationEnd(ack, { kind: "expired" }))).toContain(
      "Not confirmed within 10 minutes: incident 42 was not acknowledged",
    );
    expect(textOf(renderStepConfirmationEnd(ack, { kind: "failed", sentence: "No." }))).toContain(
      "Not done: No.",
    );
  });

  it("gives the step a plain error for Cancel and for no answer", () => {
    expect(stepConfirmationError(pause, "cancelled")).toMatch(
      /^Cancelled by the person running the workflow/,
    );
    expect(stepConfirmationError(ack, "expired")).toBe(
      "Not confirmed within 10 minutes: incident 42 was not acknowledged.",
    );
  });
});
