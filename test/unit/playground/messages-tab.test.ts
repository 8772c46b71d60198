import { describe, expect, it } from "vitest";
import { messagesTabOf, readMessagesTab } from "../../../dev/playground/web/messages-tab";

describe("messagesTabOf", () => {
  it("reads features.app_home as Slack applies it", () => {
    const home = (app_home: object) => ({ features: { app_home } });
    expect(messagesTabOf(home({ messages_tab_enabled: true, messages_tab_read_only_enabled: true }))).toBe(
      "read-only",
    );
    expect(messagesTabOf(home({ messages_tab_enabled: true, messages_tab_read_only_enabled: false }))).toBe(
      "writable",
    );
    expect(messagesTabOf(home({ messages_tab_enabled: false }))).toBe("off");
    expect(messagesTabOf({})).toBe("writable");
    expect(messagesTabOf(null)).toBe("writable");
  });

  it("finds manifest.yml read-only: App Home is where a person acts, the DM carries the app's messages", () => {
    expect(readMessagesTab()).toBe("read-only");
  });
});
