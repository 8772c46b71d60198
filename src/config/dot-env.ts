import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { ConfigError } from "./config-error";

/** The file readEnvironment reads from the working directory. */
export const DOT_ENV_FILE = ".env";

/**
 * The settings of a `.env` file under the real environment: a variable set in both keeps its real value
 * (set to "" included: it is set), as with `node --env-file` and dotenv, so that an admin can override one
 * setting of the file for one run. The file's syntax is Node's own (`util.parseEnv`: `KEY=value`, `#`
 * comments, single, double or back quotes, `export ` prefixes).
 */
export function withDotEnv(
  env: Record<string, string | undefined>,
  dotEnvText: string,
): Record<string, string | undefined> {
  return { ...parseEnv(dotEnvText), ...env };
}

/**
 * What loadConfig reads at start-up: process.env, over `.env` in `cwd` when that file exists.
 * `envFile` is the file read, if any, for the start-up log.
 */
export function readEnvironment(options: { cwd?: string; env?: Record<string, string | undefined> } = {}): {
  env: Record<string, string | undefined>;
  envFile: string | undefined;
} {
  const env = options.env ?? process.env;
  const path = join(options.cwd ?? process.cwd(), DOT_ENV_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { env: { ...env }, envFile: undefined };
    throw new ConfigError(`${DOT_ENV_FILE} could not be read: ${(error as Error).message}`);
  }
  return { env: withDotEnv(env, text), envFile: path };
}
