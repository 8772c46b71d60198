import { LogLevel, type Logger as SlackLogger } from "@slack/bolt";
import type { Logger } from "../lib/logger";

const toPino: Record<LogLevel, string> = {
  [LogLevel.ERROR]: "error",
  [LogLevel.WARN]: "warn",
  [LogLevel.INFO]: "info",
  [LogLevel.DEBUG]: "debug",
};

/**
 * Bolt's Logger interface over our pino logger, so Bolt's own lines are JSON and redacted too; also the
 * Logger of a @slack/web-api WebClient (`component` names which).
 */
export function boltLogger(logger: Logger, component = "bolt"): SlackLogger {
  let level = LogLevel.INFO;
  const child = logger.child({ component });
  const text = (args: unknown[]) =>
    args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ");
  // The level is checked before the text is built: Bolt logs debug lines on every request, and
  // JSON.stringify-ing their arguments only to drop them costs CPU per command.
  return {
    debug: (...args) => {
      if (child.isLevelEnabled("debug")) child.debug(text(args));
    },
    info: (...args) => {
      if (child.isLevelEnabled("info")) child.info(text(args));
    },
    warn: (...args) => {
      if (child.isLevelEnabled("warn")) child.warn(text(args));
    },
    error: (...args) => {
      if (!child.isLevelEnabled("error")) return;
      const error = args.find((a): a is Error => a instanceof Error);
      child.error(error ? { err: error } : {}, text(args.filter((a) => a !== error)));
    },
    setLevel: (next) => {
      level = next;
      child.level = toPino[next] ?? "info";
    },
    getLevel: () => level,
    setName: () => {},
  };
}
