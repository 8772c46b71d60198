import { startBot } from "./bot";
import { ConfigError, loadConfig } from "./config";
import { InvalidKeyConfigError } from "./store/crypto/encryption-keys";

/** Composition root: `npm start`. Settings come from the environment (README, .env.example). */
async function main() {
  let bot: Awaited<ReturnType<typeof startBot>>;
  try {
    bot = await startBot(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof InvalidKeyConfigError) {
      console.error(`uptime-chatops: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const shutdown = (signal: string) => {
    console.error(`uptime-chatops: ${signal} received, draining`);
    bot.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

await main();
