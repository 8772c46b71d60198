/**
 * A poll target's shard: `fnv1a(target) % shards`. Every replica must run with the same shard count
 * (changing it strands targets in their old shard until they are re-added).
 */
export function shardOf(target: string, shards: number): number {
  return fnv1a(target) % shards;
}

/** FNV-1a (32 bit) over the UTF-8 bytes: stable across processes and versions, cheap, well spread. */
export function fnv1a(text: string): number {
  // Target names are ASCII, where UTF-16 code units are the UTF-8 bytes: no Buffer per call.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return fnv1aUtf8(text);
    hash ^= code;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function fnv1aUtf8(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
