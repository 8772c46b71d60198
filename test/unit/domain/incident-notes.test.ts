import { describe, expect, it } from "vitest";
import { messageSource, NOTE_TEXT_MAX, noteText } from "../../../src/domain/incident-notes";
import { parseCommand } from "../../../src/grammar";
import { formatCommand } from "../../../src/grammar/format-command";

describe("a note's text", () => {
  it("is trimmed, and its URLs lose user info, query and fragment like the API's free text", () => {
    expect(noteText("  see https://ops:pw@host.example/x?token=1#a now \r\n")).toBe(
      "see https://host.example/x now",
    );
    expect(noteText("plain https://host.example/x, fine")).toBe("plain https://host.example/x, fine");
  });

  it("is nothing when only spaces are left", () => {
    expect(noteText(" \n\t ")).toBeNull();
  });

  it("is cut at its bound with an ellipsis, never inside a surrogate pair", () => {
    const long = noteText("a".repeat(NOTE_TEXT_MAX + 10))!;
    expect(long).toHaveLength(NOTE_TEXT_MAX);
    expect(long.endsWith("\u2026")).toBe(true);
    const emoji = noteText(`${"a".repeat(NOTE_TEXT_MAX - 2)}😀😀`)!;
    expect(emoji.length).toBeLessThanOrEqual(NOTE_TEXT_MAX);
    expect(/[\uD800-\uDBFF]\u2026$/.test(emoji)).toBe(false);
  });

  it("dedupes by the message's channel and ts", () => {
    expect(messageSource("C1", "1.000002")).toBe("C1:1.000002");
  });
});

describe("/uptime note", () => {
  it("takes an id and every word after it as the text", () => {
    expect(parseCommand("note #123 rolled back --all the 14:02 deploy")).toEqual({
      kind: "note",
      incidentId: "123",
      text: "rolled back --all the 14:02 deploy",
    });
    const command = parseCommand("note 7 db failover done");
    expect(parseCommand(formatCommand(command))).toEqual(command);
  });

  it("says what is missing or wrong", () => {
    expect(parseCommand("note")).toMatchObject({
      kind: "help",
      topic: "note",
      error: expect.stringContaining("needs an incident id"),
    });
    expect(parseCommand("note abc text")).toMatchObject({
      error: expect.stringContaining("an incident id is a number"),
    });
    expect(parseCommand("note 12")).toMatchObject({
      error: expect.stringContaining("needs a text after the id"),
    });
  });
});
