import type { Clock } from "../../../src/lib/clock";
import { SlackApiError } from "./errors";
import { triggerId } from "./ids";

/**
 * Slack accepts a trigger_id for 3 seconds, once: "Pass a valid trigger_id within 3 seconds of receiving it"
 * (https://docs.slack.dev/tools/bolt-js/concepts/creating-modals); later, views.open answers
 * `expired_trigger_id`.
 */
export const TRIGGER_LIFETIME_MS = 3000;

interface Trigger {
  user: string;
  issuedAt: number;
  used: boolean;
}

/** trigger_ids handed out with interactions; views.open and views.push exchange them. */
export class TriggerRegistry {
  private readonly triggers = new Map<string, Trigger>();

  constructor(private readonly clock: Clock) {}

  issue(user: string): string {
    const id = triggerId(this.clock.now());
    this.triggers.set(id, { user, issuedAt: this.clock.now(), used: false });
    return id;
  }

  /** The user the trigger belongs to; Slack's errors for unknown, expired and reused triggers. */
  exchange(id: string): string {
    const trigger = this.triggers.get(id);
    if (!trigger) throw new SlackApiError("invalid_trigger_id");
    if (trigger.used) throw new SlackApiError("exchanged_trigger_id");
    if (this.clock.now() - trigger.issuedAt > TRIGGER_LIFETIME_MS)
      throw new SlackApiError("expired_trigger_id");
    trigger.used = true;
    return trigger.user;
  }
}
