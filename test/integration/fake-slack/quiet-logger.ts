import type { Logger } from "@slack/logger";
import { LogLevel } from "@slack/logger";

/** A Bolt/WebClient logger that keeps test output clean but remembers errors for a failing test to show. */
export function quietLogger(): Logger & { errors: string[] } {
  const errors: string[] = [];
  let level = LogLevel.ERROR;
  return {
    errors,
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (...messages: unknown[]) => {
      errors.push(messages.map(String).join(" "));
    },
    setLevel: (next: LogLevel) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => {},
  };
}
