/**
 * `map.set(key, value)`, then the oldest entry out when the map holds more than `maxEntries`: a Map keeps
 * insertion order, so its first key is the oldest insertion. For the in-process caches that must not grow
 * with the number of teams or users they have ever seen.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, maxEntries: number): void {
  map.set(key, value);
  if (map.size > maxEntries) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
