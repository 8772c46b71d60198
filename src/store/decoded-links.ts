import { setBounded } from "../lib/set-bounded";

interface Entry<P> {
  profileRaw?: string;
  profile?: P;
  ciphertext?: string;
  token?: string;
}

/**
 * The decoded profile and the opened token of each link key, reused while the strings Redis hands back
 * stay the same: every `/uptime` query reads its caller's link (one round trip, or none while
 * tracked-hash-reads.ts keeps it), and without this each read ran JSON.parse, the zod schema and AES-GCM
 * again on the same bytes.
 * Nothing is trusted that Redis did not send: a relink, a logout or a rotated key changes the strings,
 * and the entry is decoded afresh.
 *
 * A ciphertext opens to the same token as long as the process keeps its keys (TOKEN_ENCRYPTION_KEY is read
 * at start), and the owner it is sealed to is the link key's own, so the pair (key, ciphertext) decides the
 * token. Only successes are kept: a bad record or a ciphertext no key opens is decoded, and reported, on
 * every read. The tokens held here are no more exposed than the key that opens them, which the process
 * holds anyway. Decoded profiles are frozen: they are shared between reads. Bounded by `maxEntries`,
 * oldest first out.
 */
export class DecodedLinks<P extends object> {
  private readonly entries = new Map<string, Entry<P>>();
  private readonly maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** `decode(raw)`, once per profile string of the key. */
  profile(key: string, raw: string, decode: (raw: string) => P): P {
    const entry = this.entries.get(key);
    if (entry?.profile !== undefined && entry.profileRaw === raw) return entry.profile;
    const profile = deepFreeze(decode(raw));
    const fresh = this.entry(key, entry);
    fresh.profileRaw = raw;
    fresh.profile = profile;
    return profile;
  }

  /** `open(ciphertext)`, once per ciphertext of the key; a null (unopenable) is not kept. */
  token(key: string, ciphertext: string, open: (ciphertext: string) => string | null): string | null {
    const entry = this.entries.get(key);
    if (entry?.token !== undefined && entry.ciphertext === ciphertext) return entry.token;
    const token = open(ciphertext);
    if (token === null) return null;
    const fresh = this.entry(key, entry);
    fresh.ciphertext = ciphertext;
    fresh.token = token;
    return token;
  }

  /**
   * Drops what is held for the key: a link deleted (logout, uninstall) or its token dropped (401) leaves no
   * opened token behind in this process, though a read would never reach it again.
   */
  forget(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private entry(key: string, found: Entry<P> | undefined): Entry<P> {
    if (found) return found;
    const entry: Entry<P> = {};
    setBounded(this.entries, key, entry, this.maxEntries);
    return entry;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
