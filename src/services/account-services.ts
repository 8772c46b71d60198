import type { ServiceDeps } from "./service-deps";

/** The account use cases, bound to their dependencies. */
export function accountServices(_deps: ServiceDeps) {
  return {};
}
