import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapeMrkdwn,
  fieldsChunks,
  mrkdwn,
  plainText,
  truncate,
  truncateMrkdwn,
} from "../../../src/ui/text";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("truncate", () => {
  it("leaves short text alone", () => {
    expect(truncate("hello", 5)).toBe("hello");
  });

  it("ends cut text with an ellipsis inside the limit", () => {
    expect(truncate("hello world", 8)).toBe("hello w…");
    expect(truncate("hello world", 8)).toHaveLength(8);
  });

  it("never splits a surrogate pair", () => {
    // "😀" is two UTF-16 code units, as Slack counts it.
    expect(truncate("ab😀cd", 4)).toBe("ab…");
    expect(truncate("😀😀😀", 4)).toBe("😀…");
    expect(truncate("😀😀", 2)).toBe("…");
  });

  it("is total for odd limits", () => {
    expect(truncate("hello", 0)).toBe("");
    expect(truncate("hello", -3)).toBe("");
    expect(truncate("hello", Number.NaN)).toBe("");
    expect(truncate("hello", 1)).toBe("…");
  });

  it("never exceeds the limit nor leaves half a surrogate pair", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 40 }),
        fc.integer({ min: 0, max: 50 }),
        (text, max) => {
          const cut = truncate(text, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          expect(cut).not.toMatch(LONE_SURROGATE);
          if (text.length <= max) expect(cut).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("truncateMrkdwn", () => {
  it("does not cut inside a Slack token or an escape", () => {
    const date = "<!date^1795255477^{date_short_pretty} {time}|2026-11-21 10:04 UTC>";
    expect(truncateMrkdwn(`Down since ${date}`, 30)).toBe("Down since …");
    expect(truncateMrkdwn("R&amp;D team", 6)).toBe("R…");
    expect(truncateMrkdwn("short", 10)).toBe("short");
  });
});

describe("escapeMrkdwn", () => {
  it("escapes &, < and > so user text cannot mention or link", () => {
    expect(escapeMrkdwn("<!channel> & <https://evil|x>")).toBe(
      "&lt;!channel&gt; &amp; &lt;https://evil|x&gt;",
    );
    expect(escapeMrkdwn("*bold* _it_")).toBe("*bold* _it_");
  });
});

describe("text objects", () => {
  it("builds plain_text and mrkdwn objects within their limits", () => {
    expect(plainText("Acknowledge", 75)).toEqual({ type: "plain_text", text: "Acknowledge", emoji: true });
    expect(plainText("x".repeat(30), 24).text).toHaveLength(24);
    expect(mrkdwn("*down*")).toEqual({ type: "mrkdwn", text: "*down*" });
    expect(mrkdwn("y".repeat(4000)).text).toHaveLength(3000);
  });
});

describe("fieldsChunks", () => {
  it("splits into sections of at most ten fields", () => {
    const chunks = fieldsChunks(Array.from({ length: 23 }, (_, i) => i));
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 3]);
    expect(fieldsChunks([], 10)).toEqual([]);
    expect(fieldsChunks([1, 2, 3], 0)).toEqual([[1], [2], [3]]);
  });
});
