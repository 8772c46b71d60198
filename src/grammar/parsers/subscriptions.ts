import {
  FLAP_COUNT_MAX,
  FLAP_COUNT_MIN,
  FLAP_WINDOW_MAX_MINUTES,
  SLOW_CHECKS_DEFAULT,
  SLOW_CHECKS_MAX,
  SLOW_CHECKS_MIN,
  SLOW_MAX_MS,
  SLOW_MIN_MS,
  STORM_MAX,
  STORM_MIN,
} from "../../domain/alert-rule-bounds";
import { DIGEST_CADENCES, type DigestCadence } from "../../domain/digest-cadences";
import type { SlowRule } from "../../domain/slow-rule";
import { type SubscriptionOptionValues, subscriptionOptions } from "../../domain/subscription-options";
import type { Command, MentionArgument, SubcommandName } from "../command";
import {
  type Args,
  ArgumentError,
  echo,
  flagValue,
  isMentionWord,
  readArgs,
  toMention,
  unique,
} from "../read-args";
import { parseEscalationSteps } from "./escalation-steps";
import { noArguments, oneMonitor, type Parser } from "./parser";

function cadenceOf(text: string): DigestCadence | null {
  const word = text.trim().toLowerCase();
  return DIGEST_CADENCES.find((c) => c === word) ?? null;
}

/** `2s`, `1.5s`, `800ms`, with `/<checks>` or not; null when it is none of these or out of bounds. */
export function parseSlowRule(text: string): SlowRule | null {
  const m = /^(\d{1,5}(?:\.\d{1,3})?)\s*(ms|s)(?:\s*\/\s*(\d{1,3}))?$/i.exec(text.trim());
  if (!m) return null;
  const thresholdMs = Math.round(Number(m[1]) * (m[2]!.toLowerCase() === "s" ? 1000 : 1));
  const checks = m[3] === undefined ? SLOW_CHECKS_DEFAULT : Number(m[3]);
  if (!(thresholdMs >= SLOW_MIN_MS && thresholdMs <= SLOW_MAX_MS)) return null;
  if (!(checks >= SLOW_CHECKS_MIN && checks <= SLOW_CHECKS_MAX)) return null;
  return { thresholdMs, checks };
}

/** The alert kinds' own options, each parsed as its declaration says; none given: undefined. */
function declaredOptions(args: Args): SubscriptionOptionValues | ArgumentError | undefined {
  const values: Record<string, number | string | boolean> = {};
  for (const option of subscriptionOptions()) {
    const e = `e.g. --${option.flag} ${option.example}`;
    const text = flagValue(args, option.flag, `${option.value.expects}, ${e}`);
    if (text instanceof ArgumentError) return text;
    if (text === undefined) continue;
    const value = option.value.parse(text);
    if (value === null)
      return new ArgumentError(`--${option.flag} is ${option.value.accepts}, ${e} (got "${echo(text)}")`);
    values[option.flag] = value as number | string | boolean;
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
}

/** Alerts in a channel: subscribe, unsubscribe, subscriptions, unmute, digest. */
export const subscriptionParsers = {
  subscriptions: noArguments({ kind: "subscriptions" }),
  unmute: oneMonitor("unmute"),

  subscribe: (sub, tokens) => {
    const args = readArgs(
      sub,
      tokens,
      ["mention", "storm", "flap", "digest", "escalate", "slow", ...subscriptionOptions().map((o) => o.flag)],
      true,
    );
    if (args instanceof ArgumentError) return args;
    let mention: MentionArgument | undefined;
    const mentionFlag = args.flags.get("mention");
    if (mentionFlag) {
      const m = toMention(mentionFlag.value, "--mention");
      if (m instanceof ArgumentError) return m;
      mention = m;
    }
    for (const token of args.positionals) {
      if (isMentionWord(token)) {
        if (mention) return new ArgumentError("give one --mention");
        const m = toMention(token, "--mention");
        if (m instanceof ArgumentError) return m;
        mention = m;
        continue;
      }
      return new ArgumentError(
        `"subscribe" takes monitor:<name> and group:<name> filters (got "${echo(token.text)}"); e.g. subscribe monitor:"${echo(token.text)}"`,
      );
    }
    const command: Extract<Command, { kind: "subscribe" }> = {
      kind: "subscribe",
      monitors: unique(args.keyed.filter((k) => k.key === "monitor").map((k) => k.value)),
      groups: unique(args.keyed.filter((k) => k.key === "group").map((k) => k.value)),
    };
    if (mention) command.mention = mention;
    const storm = flagValue(args, "storm", "a number of incidents, e.g. --storm 10");
    if (storm instanceof ArgumentError) return storm;
    if (storm !== undefined) {
      const n = wholeNumber(storm);
      if (n === null || n < STORM_MIN || n > STORM_MAX) {
        return new ArgumentError(
          `--storm is a number of incidents from ${STORM_MIN} to ${STORM_MAX}, e.g. --storm 10 (got "${echo(storm)}")`,
        );
      }
      command.storm = n;
    }
    const flap = flagValue(args, "flap", "incidents/minutes, e.g. --flap 3/15m");
    if (flap instanceof ArgumentError) return flap;
    if (flap !== undefined) {
      const m = /^(\d{1,4})\s*\/\s*(\d{1,5})\s*m$/i.exec(flap);
      const count = m ? Number(m[1]) : Number.NaN;
      const windowMinutes = m ? Number(m[2]) : Number.NaN;
      if (
        !(count >= FLAP_COUNT_MIN && count <= FLAP_COUNT_MAX) ||
        !(windowMinutes >= 1 && windowMinutes <= FLAP_WINDOW_MAX_MINUTES)
      ) {
        return new ArgumentError(
          `--flap is <incidents>/<minutes>m, ${FLAP_COUNT_MIN} to ${FLAP_COUNT_MAX} incidents within 1 to ${FLAP_WINDOW_MAX_MINUTES} minutes, e.g. --flap 3/15m (got "${echo(flap)}")`,
        );
      }
      command.flap = { count, windowMinutes };
    }
    const digest = flagValue(args, "digest", "daily or weekly, e.g. --digest daily");
    if (digest instanceof ArgumentError) return digest;
    if (digest !== undefined) {
      const cadence = cadenceOf(digest);
      if (!cadence) return new ArgumentError(`--digest is daily or weekly (got "${echo(digest)}")`);
      command.digest = cadence;
    }
    const escalate = flagValue(args, "escalate", "minutes, e.g. --escalate 15m or --escalate 5m,15m,30m");
    if (escalate instanceof ArgumentError) return escalate;
    const escalateToken = args.flags.get("escalate")?.value;
    if (escalate !== undefined && escalateToken) {
      const steps = parseEscalationSteps(escalateToken);
      if (steps instanceof ArgumentError) return steps;
      command.escalateMinutes = steps[0]!.minutes;
      // One plain step keeps the shape `--escalate <N>m` always had.
      if (steps.length > 1 || steps[0]!.mention) command.escalateSteps = steps;
    }
    const options = declaredOptions(args);
    if (options instanceof ArgumentError) return options;
    if (options) command.options = options;
    const slow = flagValue(args, "slow", "a check time, e.g. --slow 2s");
    if (slow instanceof ArgumentError) return slow;
    if (slow !== undefined) {
      const rule = parseSlowRule(slow);
      if (!rule) {
        return new ArgumentError(
          `--slow is <seconds>s or <ms>ms, ${SLOW_MIN_MS}ms to ${SLOW_MAX_MS / 1000}s, and /<checks> in a row (${SLOW_CHECKS_MIN} to ${SLOW_CHECKS_MAX}, default ${SLOW_CHECKS_DEFAULT}), e.g. --slow 2s or --slow 2s/5 (got "${echo(slow)}")`,
        );
      }
      command.slow = rule;
    }
    return command;
  },

  digest: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const [first, ...extra] = args.positionals;
    if (!first) return { kind: "digest" };
    const cadence = cadenceOf(first.text);
    if (!cadence || extra.length > 0) {
      return new ArgumentError(
        `"digest" takes daily or weekly, or nothing for the channel's own (got "${echo(args.positionals.map((t) => t.text).join(" "))}")`,
      );
    }
    return { kind: "digest", cadence };
  },

  unsubscribe: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], true);
    if (args instanceof ArgumentError) return args;
    let all = false;
    for (const token of args.positionals) {
      if (token.literal === token.text.length && token.text.toLowerCase() === "all") all = true;
      else {
        return new ArgumentError(
          `"unsubscribe" takes monitor:<name> and group:<name> filters or "all" (got "${echo(token.text)}")`,
        );
      }
    }
    const monitors = unique(args.keyed.filter((k) => k.key === "monitor").map((k) => k.value));
    const groups = unique(args.keyed.filter((k) => k.key === "group").map((k) => k.value));
    if (all && monitors.length + groups.length > 0) {
      return new ArgumentError('"unsubscribe all" takes no filters');
    }
    return { kind: "unsubscribe", all, monitors, groups };
  },
} satisfies Partial<Record<SubcommandName, Parser>>;
