/** Data read from Redis does not have the shape this version wrote (hand edits, or a wrong prefix). */
export class CorruptRecordError extends Error {
  override name = "CorruptRecordError";
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(`stored record ${key} is not valid: ${detail}`);
  }
}
