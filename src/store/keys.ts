/**
 * Every Redis key of the project, built from one namespace prefix (a test gives each suite its own).
 * Keys that a Lua script touches together share one hash tag `{...}` so that the project stays
 * Redis Cluster-ready (DESIGN.md section 5).
 */
export type Keyspace = ReturnType<typeof keyspace>;

export function keyspace(prefix = "uc:") {
  return {
    prefix,
    // --- accounts and installations (store: links, installations, pending actions) ---
    // `ws` is workspaceKey() of src/store/workspace.ts (`T:<teamId>` or `E:<enterpriseId>`). No hash tags:
    // every write here touches one key at a time (indexes are kept race-safe by write order instead).
    /** Hash: `profile` (JSON), `token` (ciphertext), optional `active` (team override) and `stale` ("1"). */
    link: (ws: string, userId: string) => `${prefix}link:${ws}:${userId}`,
    /** Set of the user ids linked in a workspace, so that app_uninstalled never SCANs. */
    linkIndex: (ws: string) => `${prefix}link-index:${ws}`,
    /** Hash: `app` (latest installation) and `user:<userId>` (that user's token part), each a ciphertext. */
    installation: (ws: string) => `${prefix}installation:${ws}`,
    /** String with a TTL: the action an unlinked user tried, completed after linking. */
    pendingAction: (ws: string, userId: string) => `${prefix}pending:${ws}:${userId}`,
    /** Set of the user ids with a pending action (expires after the last one). */
    pendingIndex: (ws: string) => `${prefix}pending-index:${ws}`,

    // --- alerts (scheduler, poll state, outbox) ---
    // Every key of one scheduler shard N carries the hash tag `{p:N}`, so each script touches one slot.
    // Targets (`team:<apiTeamId>:<tokenHash>`) never contain `{`, so the shard's tag is the key's first.
    /** Sorted set: poll target -> next due time in ms (while leased: the lease expiry). */
    pollDue: (shard: number) => `${prefix}{p:${shard}}:due`,
    /** Hash per target: `state`, `lease`, `leaseUntil`, `epoch`, `group`, `failures`, `meta`. */
    pollTarget: (shard: number, target: string) => `${prefix}{p:${shard}}:t:${target}`,
    /** The part before the target: scripts that walk several targets build their keys from it. */
    pollTargetPrefix: (shard: number) => `${prefix}{p:${shard}}:t:`,
    /** Set: the subscribers (e.g. channel subscriptions) sharing a target; the target goes with the last. */
    pollSubscribers: (shard: number, target: string) => `${prefix}{p:${shard}}:s:${target}`,
    /** String with an expiry: until when (ms) a token group must not be polled (429 Retry-After). */
    pollCoolDown: (shard: number, group: string) => `${prefix}{p:${shard}}:cool:${group}`,
    /** The part before the group, for scripts that look up the group of each claimed target. */
    pollCoolDownPrefix: (shard: number) => `${prefix}{p:${shard}}:cool:`,
    /** Stream: alert events written by the commit script of that shard (fields `target`, `event`). */
    alertOutbox: (shard: number) => `${prefix}{p:${shard}}:outbox`,
  };
}
