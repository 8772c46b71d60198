/** `--digest daily|weekly`: the grammar parses them, subscriptions store them, alerts schedule them. */
export const DIGEST_CADENCES = ["daily", "weekly"] as const;
export type DigestCadence = (typeof DIGEST_CADENCES)[number];
