import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scrubUrlsInText } from "../../../src/lib/scrub-urls-in-text";

describe("scrubUrlsInText", () => {
  it("drops user info, query and fragment of each URL in a sentence", () => {
    expect(scrubUrlsInText("GET https://user:pass@host/path?token=x#frag answered 503")).toBe(
      "GET https://host/path answered 503",
    );
    expect(
      scrubUrlsInText("redirected from http://a.example/?k=1 to https://u@b.example:8443/login#step2"),
    ).toBe("redirected from http://a.example/ to https://b.example:8443/login");
    expect(scrubUrlsInText("redis://:hunter2@cache:6379/0 refused")).toBe("redis://cache:6379/0 refused");
  });

  it("keeps the sentence's punctuation after a URL", () => {
    expect(scrubUrlsInText("Timeout (https://host/x?key=1).")).toBe("Timeout (https://host/x).");
    expect(scrubUrlsInText('Bad answer from "https://u:p@host/a", retrying')).toBe(
      'Bad answer from "https://host/a", retrying',
    );
  });

  it("leaves text without URLs, and URLs with nothing to drop, exactly as written", () => {
    for (const text of [
      "HTTP 503 Service Unavailable",
      "Connection refused by ops@example.com at db.example.com:5432?",
      "Keyword missing on https://Example.com/a%20b/ (case matters)",
      "<https://evil.example/login|Click> <!here>",
      "",
    ]) {
      expect(scrubUrlsInText(text)).toBe(text);
    }
  });

  it("errs on the side of hiding a password that holds quotes, pipes or slashes", () => {
    expect(scrubUrlsInText("at https://user:p'a|s/s@host/x?k=1 now")).toBe("at https://host/x now");
    expect(scrubUrlsInText("<https://u:p@evil.example/?t=1|Click>")).toBe("<https://evil.example/");
  });

  const secret = (marker: string) =>
    fc.string({ minLength: 0, maxLength: 12 }).map((s) => `${marker}${encodeURIComponent(s)}`);
  /** Words around the URL: any text without whitespace-free `scheme://` of its own. */
  const words = fc.string({ maxLength: 30 }).filter((s) => !s.includes("://"));

  it("never shows the user, password, query or fragment of a URL inside text (property)", () => {
    fc.assert(
      fc.property(
        words,
        fc.constantFrom("http", "https", "redis", "tcp"),
        fc.domain(),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
        fc.webPath(),
        secret("SECRETUSER"),
        fc.option(secret("SECRETPASS"), { nil: undefined }),
        fc.option(secret("SECRETQUERY"), { nil: undefined }),
        fc.option(secret("SECRETFRAG"), { nil: undefined }),
        words,
        (before, scheme, host, port, path, user, pass, query, fragment, after) => {
          const userinfo = pass === undefined ? user : `${user}:${pass}`;
          const url =
            `${scheme}://${userinfo}@${host}${port === undefined ? "" : `:${port}`}${path}` +
            `${query === undefined ? "" : `?${query}`}${fragment === undefined ? "" : `#${fragment}`}`;
          const shown = scrubUrlsInText(`${before} ${url} ${after}`);
          expect(shown).not.toMatch(/SECRET/);
          expect(shown).toContain(`${scheme}://`);
          expect(shown.startsWith(`${before} `)).toBe(true);
          expect(shown.endsWith(` ${after}`)).toBe(true);
        },
      ),
    );
  });

  it("changes no text without `://`, and is idempotent on any text (property)", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (!text.includes("://")) expect(scrubUrlsInText(text)).toBe(text);
      }),
      { numRuns: 300 },
    );
    const texts = fc.oneof(
      fc.string(),
      fc
        .tuple(
          words,
          fc.webUrl({
            withQueryParameters: true,
            withFragments: true,
            authoritySettings: { withUserInfo: true, withPort: true },
          }),
          fc.string(),
        )
        .map(([a, url, b]) => `${a} ${url}${b}`),
      fc
        .tuple(fc.string(), fc.constantFrom("https://", "http://", "tcp://"), fc.string())
        .map((p) => p.join("")),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const shown = scrubUrlsInText(text);
        expect(scrubUrlsInText(shown)).toBe(shown);
      }),
      { numRuns: 500 },
    );
  });
});
