import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { Services } from "../services";

/** What every listener may use: the use cases, a logger and the clock. */
export interface ListenerDeps {
  services: Services;
  logger: Logger;
  clock: Clock;
}
