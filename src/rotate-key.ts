import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadKeyConfig } from "./config/config";
import { ConfigError } from "./config/config-error";
import { readEnvironment } from "./config/dot-env";
import { parseEncryptionKeys } from "./store/crypto/encryption-keys";
import type { ResealCount } from "./store/crypto/reseal-field";
import { TokenCipher } from "./store/crypto/token-cipher";
import { RedisInstallationStore } from "./store/installation-store";
import { keyspace } from "./store/keys";
import { LinkStore } from "./store/link-store";
import { connectRedis, type RedisTarget } from "./store/redis-connection";

export interface RotateKeyResult {
  primaryKeyId: string;
  links: ResealCount;
  installations: ResealCount;
}

/**
 * Re-seals every link token and installation field under the first key of TOKEN_ENCRYPTION_KEY
 * (docs/architecture.md section 7). Rotation: put the new key first and keep the old one, run this, then remove the old key.
 * Safe while the bot runs (each write is a compare-and-set) and safe to run twice.
 */
export async function rotateKey(options: {
  redis: RedisTarget;
  tokenEncryptionKey: string;
  keyPrefix?: string;
}): Promise<RotateKeyResult> {
  const cipher = TokenCipher.fromSetting(options.tokenEncryptionKey);
  // A connection of its own: the re-seal uses WATCH, which belongs to the connection (on a Cluster, to the
  // connection of the key's node: each WATCH/MULTI pair names one key, so it stays on one node).
  const redis = await connectRedis(options.redis);
  try {
    const keys = keyspace(options.keyPrefix ?? "uc:");
    const links = await new LinkStore({ redis, keys, cipher }).resealAll();
    const installations = await new RedisInstallationStore({ redis, keys, cipher }).resealAll();
    return { primaryKeyId: parseEncryptionKeys(options.tokenEncryptionKey).primaryId, links, installations };
  } finally {
    redis.disconnect();
  }
}

/** The sentence `npm run rotate-key` prints. */
export function rotateKeySummary(result: RotateKeyResult): string {
  const { links, installations } = result;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const lines = [
    `Re-sealed ${plural(links.resealed, "link")} and ${plural(installations.resealed, "installation field")} under key "${result.primaryKeyId}".`,
    `Already under it: ${plural(links.current, "link")}, ${plural(installations.current, "installation field")}.`,
  ];
  const unreadable = links.unreadable + installations.unreadable;
  if (unreadable > 0) {
    lines.push(
      `${plural(links.unreadable, "link")} and ${plural(installations.unreadable, "installation field")} ` +
        "could not be opened with any configured key and were left as they are: those users are asked to " +
        "log in again (and those workspaces to reinstall the app).",
    );
  }
  return lines.join("\n");
}

// `npm run rotate-key [-- --prefix <key prefix>]` (the prefix defaults to the bot's, `uc:`): dist/rotate-key.js,
// reading the environment over `.env` in the working directory as the bot does.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const index = process.argv.indexOf("--prefix");
  const keyPrefix = index > 0 ? process.argv[index + 1] : undefined;
  try {
    const config = loadKeyConfig(readEnvironment().env);
    const result = await rotateKey({ ...config, ...(keyPrefix ? { keyPrefix } : {}) });
    process.stdout.write(`${rotateKeySummary(result)}\n`);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : (error as Error).message;
    process.stderr.write(`rotate-key: ${message.replace(/\s+/g, " ").trim()}\n`);
    process.exit(1);
  }
}
