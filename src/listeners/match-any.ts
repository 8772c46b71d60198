const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern that matches exactly one of `ids`: one Bolt listener for a whole surface, with the handler
 * picked by id, because Bolt runs every registered listener's middleware on every request.
 */
export function matchAny(ids: Iterable<string>): RegExp {
  return new RegExp(`^(?:${[...ids].map(escapeRegExp).join("|")})$`);
}
