import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publicAddress } from "../../../src/lib/public-address";
import { monitorAddress, targetOf } from "../../../src/ui/query-parts";
import { decodeOne } from "../../../src/uptime/decode/documents";

describe("publicAddress", () => {
  it("drops user info, query and fragment", () => {
    expect(publicAddress("https://user:pass@host/health?key=abc#x")).toBe("https://host/health");
    expect(publicAddress("http://token@api.example.com:8080/v1/ping?x=1")).toBe(
      "http://api.example.com:8080/v1/ping",
    );
    expect(publicAddress("https://example.com/")).toBe("https://example.com/");
    expect(publicAddress("https://example.com")).toBe("https://example.com");
    expect(publicAddress("https://u:p@example.com/?k=1")).toBe("https://example.com/");
    expect(publicAddress("https://example.com/medium/@someone")).toBe("https://example.com/medium/@someone");
  });

  it("keeps host:port and plain hosts as they are", () => {
    expect(publicAddress("db.example.com:5432")).toBe("db.example.com:5432");
    expect(publicAddress("10.0.0.7")).toBe("10.0.0.7");
  });

  it("errs on the side of hiding when the URL does not parse", () => {
    // A password holding `/` or `?` unencoded: the parser refuses it, the fallback hides everything to the `@`.
    expect(publicAddress("https://user:p/ss@host/x?k=1")).toBe("https://host/x");
    expect(publicAddress("https://user:p?ss@host/x")).toBe("https://host/x");
    expect(publicAddress("user:secret@host/x?k=1#f")).toBe("host/x");
  });

  it("is what the decoder gives monitorAddress and targetOf, the raw target kept for the edit form only", () => {
    const decode = (settings: Record<string, unknown>) =>
      decodeOne("monitors", { data: { type: "monitors", id: "7", attributes: { name: "Shop", settings } } });
    const http = decode({ url: "https://u:p@host/health?key=s3cr3t#frag" });
    expect(monitorAddress(http)).toBe("https://host/health");
    expect(targetOf(http)).toBe("https://host/health");
    expect(http.editTarget?.url).toBe("https://u:p@host/health?key=s3cr3t#frag");
    expect(monitorAddress(decode({ host: "admin:pw@db", port: 5432 }))).toBe("db:5432");
  });

  const secret = (marker: string) =>
    fc.string({ minLength: 0, maxLength: 12 }).map((s) => `${marker}${encodeURIComponent(s)}`);

  it("never shows the user, password, query or fragment of a valid URL (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("http", "https"),
        fc.domain(),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
        fc.webPath(),
        secret("SECRETUSER"),
        fc.option(secret("SECRETPASS"), { nil: undefined }),
        fc.option(secret("SECRETQUERY"), { nil: undefined }),
        fc.option(secret("SECRETFRAG"), { nil: undefined }),
        (scheme, host, port, path, user, pass, query, fragment) => {
          const userinfo = pass === undefined ? user : `${user}:${pass}`;
          const url =
            `${scheme}://${userinfo}@${host}${port === undefined ? "" : `:${port}`}${path}` +
            `${query === undefined ? "" : `?${query}`}${fragment === undefined ? "" : `#${fragment}`}`;
          const shown = publicAddress(url);
          expect(shown).not.toMatch(/SECRET/);
          expect(shown.startsWith(`${scheme}://`)).toBe(true);
          expect(shown).not.toMatch(/[?#]/);
        },
      ),
    );
  });

  it("is total and idempotent on any text, and never leaves a ? or # (property)", () => {
    const texts = fc.oneof(
      fc.string(),
      fc.webUrl({
        withQueryParameters: true,
        withFragments: true,
        authoritySettings: { withUserInfo: true, withPort: true },
      }),
      fc.tuple(fc.constantFrom("https://", "http://", "tcp://"), fc.string()).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const shown = publicAddress(text);
        expect(shown).not.toMatch(/[?#]/);
        expect(publicAddress(shown)).toBe(shown);
      }),
      { numRuns: 500 },
    );
  });
});
