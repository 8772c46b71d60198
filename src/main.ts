import type { RunningBot } from "./bot/start-bot";
import { loadConfig } from "./config/config";
import { ConfigError } from "./config/config-error";
import { readEnvironment } from "./config/dot-env";
import { createLogger } from "./lib/logger";

/**
 * Composition root: `npm start`. Settings come from the environment, over a `.env` file in the working
 * directory when there is one (README, .env.example). A wrong
 * setting, or a start-up failure such as a port in use, ends the process with exit code 1 and ONE line
 * on stderr (no stack trace: the line says what to fix). SIGTERM/SIGINT drain, then exit 0.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  let envFile: string | undefined;
  try {
    const environment = readEnvironment();
    envFile = environment.envFile;
    config = loadConfig(environment.env);
  } catch (error) {
    // A wrong TOKEN_ENCRYPTION_KEY is a ConfigError too: loadConfig parses the keys.
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
  const logger = createLogger({ level: config.logLevel, name: "uptime-chatops" });
  if (envFile) logger.info({ envFile }, "settings read from .env (the real environment wins)");
  let bot: RunningBot;
  try {
    // Loaded once the settings are read: a wrong setting stops start-up without loading the whole bot first.
    const { startBot } = await import("./bot/start-bot");
    bot = await startBot(config, { logger });
  } catch (error) {
    return fail(`could not start: ${oneLine(error)}`);
  }
  const shutdown = (signal: string) => {
    logger.info({ signal }, `${signal} received`);
    bot.stop().then(
      () => {
        logger.info("stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim();
}

function fail(message: string): never {
  process.stderr.write(`uptime-chatops: ${message}\n`);
  process.exit(1);
}

await main();
