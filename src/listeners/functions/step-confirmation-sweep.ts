import type { ListenerDeps } from "../listener-deps";
import { ANSWER_LEASE_MS, answerStepConfirmation } from "./answer-step-confirmation";

/** How often each replica looks for confirmations past their deadline (ms): an expiry is at most this late. */
export const STEP_SWEEP_MS = 15_000;

/**
 * Ends the workflow steps whose runner did not answer within 10 minutes (docs/slack-app.md "Workflow
 * Builder steps"): every replica reads the deadlines from Redis on each tick, and the claim lets exactly one
 * of them (or a click at the same moment) answer each run. A replica that dies while answering leaves the
 * claim to expire and the next tick to answer. The run's own token, kept encrypted, makes the calls: it
 * lasts 15 minutes from the run's start (https://docs.slack.dev/authentication/tokens, "Workflow tokens").
 */
export class StepConfirmationSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: ListenerDeps,
    private readonly tickMs: number = STEP_SWEEP_MS,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((err) => this.deps.logger.warn({ err }, "sweep of workflow step confirmations failed"))
        .finally(() => this.schedule());
    }, this.tickMs);
    this.timer.unref();
  }

  /** One pass: every confirmation due now that no one else is answering. */
  async sweep(): Promise<void> {
    const { services } = this.deps;
    for (const id of await services.dueStepConfirmations()) {
      if (this.stopped) return;
      if (!(await services.claimStepConfirmation(id, ANSWER_LEASE_MS))) continue;
      const found = await services.stepConfirmation(id);
      if (!found) {
        // Answered meanwhile, or gone from Redis: only its deadline was left.
        await services.forgetStepConfirmation(id);
        await services.releaseStepConfirmation(id);
        continue;
      }
      const slack = this.deps.stepRunClientFor?.(found.runToken);
      if (!slack) return;
      await answerStepConfirmation(this.deps, found.record, "expire", slack);
    }
  }
}
