import { parseDuration } from "./durations";

/** How one option's value is typed, written back, and checked again when read from a stored subscription. */
export interface OptionValue<T> {
  /** The value's placeholder in the usage line: `<period>`. */
  usage: string;
  /** What `--flag` needs, for "--flag needs a value: <expects>, e.g. --flag <example>". */
  expects: string;
  /** What a valid value is, for "--flag is <accepts>, e.g. ... (got "...")". */
  accepts: string;
  parse(text: string): T | null;
  /** Back to the text `parse` takes: `/uptime` share buttons write the command again. */
  format(value: T): string;
  /** The stored value when it is still a valid one (a record written by another version may not be). */
  read(stored: unknown): T | undefined;
}

/**
 * An option of `/uptime subscribe` that an alert kind declares in its folder (`options` on its kind): the
 * grammar parses it, the subscription stores it under `options[flag]`, `/uptime subscriptions` and help
 * describe it, and the kind reads it back with `optionOf`. Nothing outside the kind names it.
 */
export interface SubscriptionOption<T = unknown> {
  /** `ack-timeout` for `--ack-timeout`: lowercase words joined by `-`. */
  flag: string;
  value: OptionValue<T>;
  /** A typical value, for help and errors: `2h`. */
  example: string;
  /** Help's and README's "What it does" (README's options table must say exactly this). */
  help: string;
  /** The field of its own a subscription stored it in before options were declared; read into `options`. */
  legacyField?: string;
  /** Its part of a subscription's line in `/uptime subscriptions`: "every 2h while open". */
  describe(value: T): string;
}

/** The values a subscription stores for its declared options, by flag. */
export type SubscriptionOptionValues = Readonly<Record<string, number | string | boolean>>;

/** The typed value of one option on a subscription (or a command, a view): undefined when not given. */
export function optionOf<T>(
  holder: { options?: SubscriptionOptionValues | undefined } | null | undefined,
  option: SubscriptionOption<T>,
): T | undefined {
  const stored = holder?.options?.[option.flag];
  return stored === undefined ? undefined : option.value.read(stored);
}

/** `90m`, `24h`: hours when whole, as people type a period. */
function periodText(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`;
}

/** A period in whole minutes (`2h`), from `min` to `max` minutes. */
export function periodValue(min: number, max: number): OptionValue<number> {
  const inRange = (n: number) => Number.isInteger(n) && n >= min && n <= max;
  return {
    usage: "<period>",
    expects: "a period",
    accepts: `a period from ${periodText(min)} to ${periodText(max)}`,
    parse(text) {
      const minutes = parseDuration(text);
      return minutes !== null && inRange(minutes) ? minutes : null;
    },
    format: (minutes) => `${minutes}m`,
    read: (stored) => (typeof stored === "number" && inRange(stored) ? stored : undefined),
  };
}

let declared: readonly SubscriptionOption[] = [];

/**
 * The alert kinds' registry declares its kinds' options here when it loads: grammar, store and ui sit below
 * the alerts module and cannot import it, so they read the declarations from this one table.
 */
export function declareSubscriptionOptions(options: readonly SubscriptionOption[]): void {
  const flags = new Set<string>();
  for (const option of options) {
    if (!/^[a-z]+(?:-[a-z]+)*$/.test(option.flag) || flags.has(option.flag))
      throw new Error(`subscription option --${option.flag}: a lowercase flag that no other kind declares`);
    flags.add(option.flag);
  }
  declared = [...options];
}

/** Every declared option, in the registry's order. */
export function subscriptionOptions(): readonly SubscriptionOption[] {
  return declared;
}

/** The usage of every declared option: ` [--<flag> <period>]`. */
export function subscriptionOptionsUsage(): string {
  return declared.map((o) => ` [--${o.flag} ${o.value.usage}]`).join("");
}
