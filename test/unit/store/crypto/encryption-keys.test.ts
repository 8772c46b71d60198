import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  generateKey,
  InvalidKeyConfigError,
  parseEncryptionKeys,
} from "../../../../src/store/crypto/encryption-keys";

const k1 = randomBytes(32);
const k2 = randomBytes(32);

function failure(value: string | undefined): InvalidKeyConfigError {
  try {
    parseEncryptionKeys(value);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidKeyConfigError);
    return error as InvalidKeyConfigError;
  }
  throw new Error("expected InvalidKeyConfigError");
}

describe("parseEncryptionKeys", () => {
  it("takes keyId:base64 pairs, the first one encrypting", () => {
    const keys = parseEncryptionKeys(` k2:${k2.toString("base64")} , k1:${k1.toString("base64")}`);
    expect(keys.primaryId).toBe("k2");
    expect(keys.ids).toEqual(["k2", "k1"]);
    expect(keys.key("k1")!.equals(k1)).toBe(true);
    expect(keys.key("k2")!.equals(k2)).toBe(true);
  });

  it("takes a bare base64, base64url or hex key as k1", () => {
    for (const text of [k1.toString("base64"), k1.toString("base64url"), k1.toString("hex")]) {
      const keys = parseEncryptionKeys(text);
      expect(keys.primaryId).toBe("k1");
      expect(keys.key("k1")!.equals(k1)).toBe(true);
    }
    expect(
      parseEncryptionKeys(`2026_a:${k2.toString("hex")}`)
        .key("2026_a")!
        .equals(k2),
    ).toBe(true);
  });

  it("never shows key bytes when logged or serialised", () => {
    const keys = parseEncryptionKeys(`k1:${k1.toString("base64")}`);
    for (const shown of [JSON.stringify(keys), inspect(keys), String(Object.keys(keys))]) {
      expect(shown).not.toContain(k1.toString("base64"));
      expect(shown).not.toContain(k1.toString("hex"));
    }
    expect(JSON.parse(JSON.stringify(keys))).toEqual({ primaryId: "k1", ids: ["k1"] });
  });

  const short = randomBytes(16).toString("base64");
  const long = randomBytes(48).toString("base64");
  const good = k1.toString("base64");
  const cases: [string, string | undefined, RegExp][] = [
    ["unset", undefined, /is not set/],
    ["blank", "   ", /is not set/],
    ["a short bare key", short, /entry 1 is not a 32-byte key/],
    ["a long key", `k1:${long}`, /entry 1 is not a 32-byte key/],
    ["not base64", `k1:${"!".repeat(44)}`, /entry 1 is not a 32-byte key/],
    ["a second entry without id", `k1:${good},${k2.toString("base64")}`, /entry 2 has no "keyId:"/],
    ["a bad key id", `k.1:${good}`, /entry 1 has an invalid key id/],
    ["an empty key id", `:${good}`, /entry 1 has an invalid key id/],
    ["a repeated key id", `k1:${good},k1:${k2.toString("base64")}`, /entry 2 repeats the key id/],
    ["an empty entry", `k1:${good},`, /entry 2 has no "keyId:"/],
  ];
  for (const [name, value, problem] of cases) {
    it(`refuses ${name} with a clear message that holds no key material`, () => {
      const error = failure(value);
      expect(error.message).toMatch(problem);
      expect(error.message).toContain("TOKEN_ENCRYPTION_KEY");
      expect(error.message).toContain("keyId:base64key");
      for (const secret of [short, long, good, k2.toString("base64"), "!".repeat(44)]) {
        expect(error.message).not.toContain(secret);
      }
    });
  }
});

describe("generateKey", () => {
  it("makes a fresh entry that parses", () => {
    const entry = generateKey("k3");
    expect(entry).toMatch(/^k3:[A-Za-z0-9+/]{43}=$/);
    expect(parseEncryptionKeys(entry).primaryId).toBe("k3");
    expect(generateKey()).not.toBe(generateKey());
  });

  it("refuses an id the setting could not hold", () => {
    expect(() => generateKey("a:b")).toThrow(InvalidKeyConfigError);
  });
});
