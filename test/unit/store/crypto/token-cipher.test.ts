import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseEncryptionKeys } from "../../../../src/store/crypto/encryption-keys";
import { TokenCipher, TokenDecryptError } from "../../../../src/store/crypto/token-cipher";

const oldKey = `k1:${randomBytes(32).toString("base64")}`;
const newKey = `k2:${randomBytes(32).toString("base64")}`;
const cipher = TokenCipher.fromSetting(oldKey);
const owner = "link:T:T0001:U0001";
const token = "uptime-token-0123456789abcdef";

function decryptError(run: () => unknown): TokenDecryptError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TokenDecryptError);
    return error as TokenDecryptError;
  }
  throw new Error("expected TokenDecryptError");
}

/** Flips one bit of the base64url part `index` of a ciphertext. */
function tamper(ciphertext: string, index: number): string {
  const parts = ciphertext.split(".");
  const bytes = Buffer.from(parts[index]!, "base64url");
  bytes[0] = bytes[0]! ^ 1;
  parts[index] = bytes.toString("base64url");
  return parts.join(".");
}

describe("TokenCipher", () => {
  it("round-trips and writes v1.<keyId>.<iv>.<tag>.<data> without the plaintext", () => {
    const sealed = cipher.encrypt(token, owner);
    expect(sealed).toMatch(/^v1\.k1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(cipher.decrypt(sealed, owner)).toBe(token);
    expect(cipher.encrypt(token, owner)).not.toBe(sealed); // fresh IV each time
  });

  it("rotates: the new first key encrypts, the old one still decrypts", () => {
    const rotated = TokenCipher.fromSetting(`${newKey},${oldKey}`);
    const before = cipher.encrypt(token, owner);
    expect(rotated.decrypt(before, owner)).toBe(token);
    expect(rotated.needsReencryption(before)).toBe(true);
    const after = rotated.encrypt(token, owner);
    expect(after.startsWith("v1.k2.")).toBe(true);
    expect(rotated.needsReencryption(after)).toBe(false);
    const error = decryptError(() => cipher.decrypt(after, owner));
    expect(error.reason).toBe("unknown-key");
    expect(error.message).toContain('"k2"');
  });

  it("refuses a ciphertext bound to another owner", () => {
    const sealed = cipher.encrypt(token, owner);
    expect(decryptError(() => cipher.decrypt(sealed, "link:T:T0001:U0002")).reason).toBe(
      "authentication-failed",
    );
    expect(decryptError(() => cipher.decrypt(sealed, "link:E:T0001:U0001")).reason).toBe(
      "authentication-failed",
    );
  });

  it("refuses tampered iv, tag and data, and a truncated tag", () => {
    const sealed = cipher.encrypt(token, owner);
    for (const index of [2, 3, 4]) {
      const error = decryptError(() => cipher.decrypt(tamper(sealed, index), owner));
      expect(error.reason).toBe("authentication-failed");
      expect(error.message).not.toContain(token);
    }
    const parts = sealed.split(".");
    parts[3] = Buffer.from(parts[3]!, "base64url").subarray(0, 8).toString("base64url");
    expect(decryptError(() => cipher.decrypt(parts.join("."), owner)).reason).toBe("malformed");
  });

  it("refuses a ciphertext relabelled with another key id holding the same key", () => {
    const twin = TokenCipher.fromSetting(`k1:${oldKey.slice(3)},k9:${oldKey.slice(3)}`);
    const relabelled = twin.encrypt(token, owner).replace("v1.k1.", "v1.k9.");
    expect(decryptError(() => twin.decrypt(relabelled, owner)).reason).toBe("authentication-failed");
  });

  it("refuses malformed text and unknown versions", () => {
    const sealed = cipher.encrypt(token, owner);
    expect(decryptError(() => cipher.decrypt("", owner)).reason).toBe("malformed");
    expect(decryptError(() => cipher.decrypt(token, owner)).reason).toBe("malformed");
    expect(decryptError(() => cipher.decrypt(`${sealed}.x`, owner)).reason).toBe("malformed");
    expect(decryptError(() => cipher.decrypt(sealed.replace(/\.[^.]*$/, ".!!"), owner)).reason).toBe(
      "malformed",
    );
    expect(decryptError(() => cipher.decrypt(sealed.replace(/^v1/, "v2"), owner)).reason).toBe(
      "unsupported-version",
    );
  });

  it("round-trips any string for any owner (property)", () => {
    const keys = parseEncryptionKeys(`${newKey},${oldKey}`);
    const rotated = new TokenCipher(keys);
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.string({ maxLength: 60 }),
        (text, aad) => {
          const sealed = rotated.encrypt(text, aad);
          expect(rotated.decrypt(sealed, aad)).toBe(text);
          expect(() => rotated.decrypt(sealed, `${aad}x`)).toThrow(TokenDecryptError);
        },
      ),
      { numRuns: 200 },
    );
  });
});
