import type { ServiceDeps } from "./service-deps";

/** The monitor use cases, bound to their dependencies. */
export function monitorServices(_deps: ServiceDeps) {
  return {};
}
