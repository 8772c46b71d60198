/**
 * `90m`, `2h`, `1h30m`, `1d`, `3d12h` as minutes; null for anything else. A bare number ("90") is refused:
 * minutes or hours would be a guess.
 */
export function parseDuration(text: string): number | null {
  const m = /^(?:(\d{1,3})\s*d)?\s*(?:(\d{1,4})\s*h)?\s*(?:(\d{1,5})\s*(?:m|min|mins)?)?$/i.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined && m[3] === undefined)) return null;
  // "90" alone (no unit) matched the minutes group: refused, see above.
  if (m[1] === undefined && m[2] === undefined && /^\d+$/.test(text.trim())) return null;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
