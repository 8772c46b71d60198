import { ESCALATE_MAX_MINUTES, ESCALATE_MIN_MINUTES } from "../../../domain/alert-rule-bounds";
import { periodValue, type SubscriptionOption } from "../../../domain/subscription-options";
import { formatDuration } from "../../../lib/format-time";

/** `--ack-timeout 1h`: an incident still open this long after its acknowledgement escalates again. */
export const ackTimeoutOption: SubscriptionOption<number> = {
  flag: "ack-timeout",
  value: periodValue(ESCALATE_MIN_MINUTES, ESCALATE_MAX_MINUTES),
  example: "1h",
  help: "still open this long after its acknowledgement (or the last Still on it), the `--escalate` steps run again (1m to 24h)",
  describe: (minutes) => `acknowledgements expire after ${formatDuration(minutes * 60)}`,
};
