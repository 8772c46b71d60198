import {
  ESCALATE_MAX_MINUTES,
  ESCALATE_MAX_STEPS,
  ESCALATE_MIN_MINUTES,
} from "../../domain/alert-rule-bounds";
import type { EscalationStepArgument } from "../command";
import { ArgumentError, echo, toMention } from "../read-args";
import type { Token } from "../tokenize";

const EXAMPLE = "e.g. --escalate 15m or --escalate 5m,15m:@leads,30m:@here";

/**
 * `--escalate 15m` (one step, the subscription's mention) or `--escalate 5m,15m:@primary,30m:@leads`: steps
 * in minutes after the incident opened, each later than the one before, each optionally naming whom it
 * pings (here, channel, a usergroup or a person). The mentions come escaped inside the one word
 * (`15m:<!subteam^S1|@primary>`), so they are read from the token's mention offsets, not from its text.
 */
export function parseEscalationSteps(token: Token): EscalationStepArgument[] | ArgumentError {
  const text = token.text;
  const steps: EscalationStepArgument[] = [];
  let start = 0;
  for (const part of text.split(",")) {
    const at = start;
    start += part.length + 1;
    const colon = part.indexOf(":");
    const duration = (colon === -1 ? part : part.slice(0, colon)).trim();
    const m = /^(\d{1,5})\s*m?$/i.exec(duration);
    const minutes = m ? Number(m[1]) : Number.NaN;
    if (!(minutes >= ESCALATE_MIN_MINUTES && minutes <= ESCALATE_MAX_MINUTES)) {
      return new ArgumentError(
        `--escalate is <minutes>m, ${ESCALATE_MIN_MINUTES} to ${ESCALATE_MAX_MINUTES}, ${EXAMPLE} (got "${echo(duration || text)}")`,
      );
    }
    const previous = steps.at(-1);
    if (previous && minutes <= previous.minutes) {
      return new ArgumentError(
        `--escalate steps go later each time: ${minutes}m comes after ${previous.minutes}m (${EXAMPLE})`,
      );
    }
    const step: EscalationStepArgument = { minutes };
    if (colon !== -1) {
      const raw = part.slice(colon + 1);
      const whoAt = at + colon + 1 + (raw.length - raw.trimStart().length);
      const who = raw.trim();
      const entity = token.mentions?.find((e) => e.at === whoAt)?.mention;
      const mention = toMention(
        who === "" ? undefined : { text: who, literal: who.length, ...(entity ? { mention: entity } : {}) },
        `the mention of the ${minutes}m step`,
      );
      if (mention instanceof ArgumentError) return mention;
      step.mention = mention;
    }
    steps.push(step);
  }
  if (steps.length > ESCALATE_MAX_STEPS) {
    return new ArgumentError(`--escalate takes at most ${ESCALATE_MAX_STEPS} steps (got ${steps.length})`);
  }
  return steps;
}
