import { describe, expect, it } from "vitest";
import type { IncidentNote } from "../../../src/domain/incident-notes";
import { addNoteResultText, noteLine, notesSection } from "../../../src/ui/render-incident-notes";

const note = (i: number, extra: Partial<IncidentNote> = {}): IncidentNote => ({
  by: "U0ALICE",
  at: Date.UTC(2026, 0, 1, 12, i),
  text: `step ${i}`,
  source: `C1:1.00000${i}`,
  ...extra,
});

describe("incident notes as Slack shows them", () => {
  it("names who wrote the message and who added it, escapes the text and links the message", () => {
    const line = noteLine(
      note(1, {
        author: "U0BOB",
        text: "<!channel> *bold* & more\nlines",
        permalink: "https://t.slack.com/archives/C1/p1000001",
      }),
    );
    expect(line).toContain("<@U0BOB> (added by <@U0ALICE>): ");
    expect(line).toContain("&lt;!channel&gt;");
    expect(line).not.toContain("\n");
    expect(line).toContain("<https://t.slack.com/archives/C1/p1000001|message>");
  });

  it("never links a permalink that is not https", () => {
    expect(noteLine(note(1, { permalink: "javascript:alert(1)" }))).not.toContain("javascript:");
  });

  it("fits a section, dropping the oldest and saying how many", () => {
    const many = Array.from({ length: 100 }, (_, i) => note(i, { text: "x".repeat(200) }));
    const text = notesSection(many)!;
    expect(text.length).toBeLessThanOrEqual(3000);
    expect(text).toMatch(/^\*Notes \(100\)\*\n_\d+ older not shown_/);
    expect(notesSection([])).toBeNull();
  });

  it("answers every outcome in one sentence", () => {
    for (const status of ["added", "duplicate", "full", "empty"] as const) {
      expect(addNoteResultText({ status, incidentId: "42" })).toMatch(/\.$|\.\)?$|`\.?$/);
    }
    expect(addNoteResultText({ status: "full", incidentId: "42" })).toContain("100 notes");
  });
});
