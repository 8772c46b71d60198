import type { z } from "zod";

/** A setting missing or invalid: its message is one line naming the variable, and start-up stops. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** One line naming the variable of the first issue. */
export function configError(error: z.ZodError, env: Record<string, string | undefined>): ConfigError {
  const issue = error.issues[0]!;
  const variable = String(issue.path[0] ?? "environment");
  const given = env[variable]?.trim();
  const message =
    issue.code === "invalid_type"
      ? given
        ? `must be a ${issue.expected}, got "${given.slice(0, 40)}"`
        : "is required"
      : issue.message;
  return new ConfigError(
    `${variable} ${message.startsWith(variable) ? message.slice(variable.length).trim() : message}`,
  );
}
