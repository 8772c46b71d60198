import { describe, expect, it } from "vitest";
import { isDirectMessage, isDirectOrGroupMessage } from "../../../src/domain/is-direct-message";

describe("isDirectOrGroupMessage", () => {
  it("knows DMs and group DMs as a slash command reports them, and nothing else", () => {
    expect(isDirectOrGroupMessage({ id: "D0ALICEBOB", name: "directmessage" })).toBe(true);
    expect(isDirectOrGroupMessage({ id: "G0MPIM", name: "mpdm-alice--bob-1" })).toBe(true);
    expect(isDirectOrGroupMessage({ id: "C0MPIM", name: "mpdm-alice--bob-1" })).toBe(true);
    expect(isDirectOrGroupMessage({ id: "D0X" })).toBe(true);
    expect(isDirectOrGroupMessage({ id: "C0GENERAL", name: "general" })).toBe(false);
    expect(isDirectOrGroupMessage({ id: "G0PRIVATE", name: "privategroup" })).toBe(false);
  });

  it("isDirectMessage: a D… id, the app's DM or one between people", () => {
    expect(isDirectMessage("D0ALICE")).toBe(true);
    expect(isDirectMessage("C0GENERAL")).toBe(false);
    expect(isDirectMessage(undefined)).toBe(false);
  });
});
