import { ESCALATE_MAX_MINUTES, ESCALATE_MIN_MINUTES } from "../../../domain/alert-rule-bounds";
import { periodValue, type SubscriptionOption } from "../../../domain/subscription-options";
import { formatDuration } from "../../../lib/format-time";

/** `--remind 2h`: while an incident stays open, a broadcast reply in its thread every so many minutes. */
export const remindOption: SubscriptionOption<number> = {
  flag: "remind",
  value: periodValue(ESCALATE_MIN_MINUTES, ESCALATE_MAX_MINUTES),
  example: "2h",
  legacyField: "remindMinutes",
  help: "while an incident stays open, acknowledged or not, a broadcast reply in its thread every period (1m to 24h, e.g. `2h`)",
  describe: (minutes) => `reminded every ${formatDuration(minutes * 60)} while open`,
};
