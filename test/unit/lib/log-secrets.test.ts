import { afterEach, describe, expect, it } from "vitest";
import { clearLogSecrets, redactSecrets, registerLogSecret } from "../../../src/lib/log-secrets";

describe("redactSecrets", () => {
  afterEach(() => clearLogSecrets());

  it("replaces every Slack token shape, and leaves the words that only name them", () => {
    const line = "xoxb-1-a xoxp-2-b xoxa-3 xoxr-4 xoxe.xoxp-1-c xapp-1-A0-d xwfp-e";
    expect(redactSecrets(line)).toBe(Array(7).fill("[redacted]").join(" "));
    const help = "must be an app-level token (xapp-...); use the xoxb- token";
    expect(redactSecrets(help)).toBe(help);
  });

  it("replaces registered values wherever they are, the longest first, JSON-escaped ones too", () => {
    registerLogSecret("plain-api-token-1");
    registerLogSecret("plain-api-token-1-longer");
    registerLogSecret('quote"d-token-99');
    registerLogSecret("short");
    expect(redactSecrets("a plain-api-token-1-longer b plain-api-token-1c")).toBe(
      "a [redacted] b [redacted]c",
    );
    expect(redactSecrets(JSON.stringify({ t: 'quote"d-token-99' }))).toBe('{"t":"[redacted]"}');
    // Too short to look for without cutting ordinary words out of the log.
    expect(redactSecrets("short")).toBe("short");
    expect(redactSecrets("nothing here")).toBe("nothing here");
  });
});
