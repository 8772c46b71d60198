import type { ServiceDeps } from "./service-deps";

/** The query use cases, bound to their dependencies. */
export function queryServices(_deps: ServiceDeps) {
  return {};
}
