import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { Services } from "../services";
import type { StepRunClientFor } from "../slack/step-run-client";
import type { ChartRenderer } from "../ui/charts/chart-renderer";
import type { WebLinks } from "../ui/web-links";

/** What every listener may use: the use cases, a logger, the clock, and what renderers are told to link. */
export interface ListenerDeps {
  services: Services;
  logger: Logger;
  clock: Clock;
  /** Draws charts off the event loop (a worker pool; bot/start-bot.ts starts it and closes it in stop()). */
  charts: ChartRenderer;
  /** UPTIME_WEB_URL and its paths: names in answers link to the web app; undefined links nothing. */
  webLinks?: WebLinks | undefined;
  /**
   * A Slack client for a workflow step run's stored token (its confirmation answered without the run's
   * context, or expired); without it such an answer cannot complete the step.
   */
  stepRunClientFor?: StepRunClientFor | undefined;
}
