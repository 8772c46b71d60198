import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseClusterNodes, type RedisTarget } from "../store/redis-connection";
import { ConfigError, configError } from "./config-error";

/** REDIS_URL as the bot and `npm run alerts` both take it. */
export const redisUrl = z
  .string()
  .trim()
  .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://");

/**
 * The one setting `npm run alerts` (src/alerts-cli.ts) needs (REDIS_URL, or REDIS_CLUSTER_NODES which wins): an operator runs it with the bot's
 * environment, but it must not insist on Slack or API settings it never uses.
 */
export function loadRedisConfig(env: Record<string, string | undefined>): Readonly<{ redis: RedisTarget }> {
  if (env.REDIS_CLUSTER_NODES?.trim()) {
    let clusterNodes: ReturnType<typeof parseClusterNodes>;
    try {
      clusterNodes = parseClusterNodes(env.REDIS_CLUSTER_NODES);
    } catch (error) {
      throw new ConfigError(`REDIS_CLUSTER_NODES ${(error as Error).message}`);
    }
    return Object.freeze({ redis: { clusterNodes, ...redisSecurity(env, true) } });
  }
  const parsed = z.object({ REDIS_URL: redisUrl }).safeParse(env);
  if (!parsed.success) throw configError(parsed.error, env);
  return Object.freeze({ redis: { url: parsed.data.REDIS_URL, ...redisSecurity(env, false) } });
}

/**
 * TLS and AUTH beyond what REDIS_URL carries itself (`rediss://user:password@host`): REDIS_TLS_CA_FILE (a
 * private CA's PEM, for REDIS_URL and the Cluster) and, for a Cluster, REDIS_CLUSTER_TLS,
 * REDIS_CLUSTER_USERNAME and REDIS_CLUSTER_PASSWORD. Throws a ConfigError naming the variable.
 */
export function redisSecurity(
  env: Record<string, string | undefined>,
  cluster: boolean,
): { tlsCa?: string; tls?: boolean; username?: string; password?: string } {
  const text = (name: string) => env[name]?.trim() || undefined;
  const out: { tlsCa?: string; tls?: boolean; username?: string; password?: string } = {};
  const caFile = text("REDIS_TLS_CA_FILE");
  if (caFile) {
    try {
      out.tlsCa = readFileSync(caFile, "utf8");
    } catch (error) {
      throw new ConfigError(`REDIS_TLS_CA_FILE could not be read: ${(error as Error).message}`);
    }
    if (!out.tlsCa.includes("-----BEGIN CERTIFICATE-----")) {
      throw new ConfigError(`REDIS_TLS_CA_FILE is not a PEM certificate: ${caFile}`);
    }
  }
  if (!cluster) return out;
  const tls = text("REDIS_CLUSTER_TLS")?.toLowerCase();
  if (tls !== undefined && !["true", "false", "yes", "no", "1", "0"].includes(tls)) {
    throw new ConfigError(`REDIS_CLUSTER_TLS must be true or false, got "${tls.slice(0, 20)}"`);
  }
  if (tls === "true" || tls === "yes" || tls === "1") out.tls = true;
  // The password is taken as given (spaces included): only an empty value means none.
  const username = text("REDIS_CLUSTER_USERNAME");
  if (username) out.username = username;
  if (env.REDIS_CLUSTER_PASSWORD) out.password = env.REDIS_CLUSTER_PASSWORD;
  return out;
}
