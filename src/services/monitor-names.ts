import { NotFoundError, PermissionDeniedError, type UptimeApi } from "../uptime";

/** Most monitors looked up one by one for a single answer (a page of incidents or ~20 checks needs fewer). */
export const MAX_NAME_LOOKUPS = 25;

/**
 * Names of monitors by id, fetched in parallel (`GET /monitors/{id}`) for the ids a list did not resolve
 * itself. A deleted or foreign monitor (404/403) is simply left out: the row then shows its id.
 */
export async function monitorNames(api: UptimeApi, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].slice(0, MAX_NAME_LOOKUPS);
  const found = await Promise.all(
    wanted.map(async (id) => {
      try {
        return [id, (await api.monitors.get(id)).name] as const;
      } catch (error) {
        if (error instanceof NotFoundError || error instanceof PermissionDeniedError) return null;
        throw error;
      }
    }),
  );
  return new Map(found.filter((entry) => entry !== null));
}
