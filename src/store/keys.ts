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

    // --- alerts (scheduler, poll state, outbox) ---
  };
}
