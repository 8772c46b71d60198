import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { registerLogSecret } from "../../lib/log-secrets";
import { type EncryptionKeys, parseEncryptionKeys } from "./encryption-keys";

const VERSION = "v1";
const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12; // the GCM nonce size NIST recommends; random per encryption
const TAG_BYTES = 16; // full tag; shorter tags are refused on decrypt (truncation attacks)
const B64URL = /^[A-Za-z0-9_-]*$/;

export type TokenDecryptReason =
  | "malformed"
  | "unsupported-version"
  | "unknown-key"
  | "authentication-failed";

/**
 * A ciphertext could not be opened: malformed, written by an unknown version or key id, or failing
 * authentication (tampered, wrong key, or moved to another owner's record). Carries no secret.
 */
export class TokenDecryptError extends Error {
  override name = "TokenDecryptError";
  constructor(
    readonly reason: TokenDecryptReason,
    readonly keyId?: string,
  ) {
    super(
      reason === "unknown-key"
        ? `token ciphertext uses key id "${keyId}", which TOKEN_ENCRYPTION_KEY no longer holds`
        : `token ciphertext cannot be decrypted (${reason})`,
    );
  }
}

/**
 * AES-256-GCM for secrets at rest (docs/architecture.md section 7). Ciphertext: `v1.<keyId>.<iv>.<tag>.<data>` (base64url),
 * so a rotated setting still opens what older keys wrote. `aad` names the owner (e.g.
 * `link:T:T123:U456`): it is authenticated, not stored, so a ciphertext copied into another owner's
 * record fails to decrypt.
 */
export class TokenCipher {
  constructor(private readonly keys: EncryptionKeys) {}

  /** Parses the setting; throws InvalidKeyConfigError. */
  static fromSetting(value: string | undefined): TokenCipher {
    return new TokenCipher(parseEncryptionKeys(value));
  }

  encrypt(plaintext: string, aad: string): string {
    // Whatever is sealed is a secret: no log line may show it, whichever library writes the line.
    registerLogSecret(plaintext);
    const keyId = this.keys.primaryId;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.keys.key(keyId)!, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(keyId, aad));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, keyId, b64(iv), b64(tag), b64(data)].join(".");
  }

  decrypt(ciphertext: string, aad: string): string {
    const parts = ciphertext.split(".");
    if (parts.length !== 5 || !parts.slice(2).every((part) => B64URL.test(part))) {
      throw new TokenDecryptError("malformed");
    }
    const [version, keyId, ivText, tagText, dataText] = parts as [string, string, string, string, string];
    if (version !== VERSION) throw new TokenDecryptError("unsupported-version");
    const key = this.keys.key(keyId);
    if (!key) throw new TokenDecryptError("unknown-key", keyId);
    const iv = Buffer.from(ivText, "base64url");
    const tag = Buffer.from(tagText, "base64url");
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenDecryptError("malformed");
    try {
      const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(keyId, aad));
      decipher.setAuthTag(tag);
      const data = Buffer.from(dataText, "base64url");
      const plaintext = Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
      registerLogSecret(plaintext);
      return plaintext;
    } catch {
      throw new TokenDecryptError("authentication-failed", keyId);
    }
  }

  /** True when the ciphertext was written with a key other than the current one (re-save to rotate). */
  needsReencryption(ciphertext: string): boolean {
    return ciphertext.split(".")[1] !== this.keys.primaryId;
  }
}

// The header is authenticated too, so a ciphertext relabelled with another key id or version fails.
function associatedData(keyId: string, aad: string): Buffer {
  return Buffer.from(`${VERSION}.${keyId}|${aad}`, "utf8");
}

function b64(buffer: Buffer): string {
  return buffer.toString("base64url");
}
