import type { UserRef } from "../domain/workspace-ref";
import type { Location } from "../uptime";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** `/uptime locations`: every checking location (A7 GET /locations, never paginated). */
export function listLocations(deps: ServiceDeps, ref: UserRef): Promise<Location[]> {
  return withSession(deps, ref, ({ api }) => api.locations.list());
}
