import type { EventEmitter } from "node:events";

/**
 * Resolves with the first truthy value of `probe`, re-checked on every fake Slack "change" (a bot's
 * respond() or chat.update lands after the ack). Rejects after `timeoutMs` so a broken flow fails clearly.
 */
export function waitFor<T>(
  events: EventEmitter,
  probe: () => T | undefined | false,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const value = probe();
      if (value) {
        cleanup();
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`condition not met within ${timeoutMs} ms`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      events.off("change", check);
    };
    events.on("change", check);
    check();
  });
}

/**
 * Resolves with the first defined value of an async `probe`, polled every 50 ms: for state no event
 * announces (Redis written by the bot's workers, the simulator's request log). Rejects after `timeoutMs`.
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
