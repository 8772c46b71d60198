import type { Logger } from "../lib/logger";
import { mastersOf, type RedisClient } from "./redis-connection";

/**
 * Refuses a Redis that may evict keys. Links, installations, subscriptions, poll claims and outbox entries
 * live only in Redis: under memory pressure an evicting `maxmemory-policy` (allkeys-*, and volatile-*,
 * which evicts the keys with a TTL: claims, leases, pending actions) drops them silently, and alerts go
 * missing or post twice. Only `noeviction` is safe: Redis then refuses writes when full, which the bot
 * logs and retries (docs/architecture.md section 5). Read with INFO, which managed Redis services allow where they
 * rename CONFIG; on a Cluster every master is asked.
 */
export class EvictingRedisError extends Error {
  override name = "EvictingRedisError";
}

export const SAFE_EVICTION_POLICY = "noeviction";

/** `maxmemory_policy` of an `INFO memory` reply; undefined when absent. Pure. */
export function policyOfInfo(info: string): string | undefined {
  return /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
}

/**
 * Throws EvictingRedisError (one line: which server, which policy, what to set) unless every master says
 * `noeviction`. A server that does not answer INFO memory is `unreadable`, returned for a warning: the
 * bot cannot check and does not refuse.
 */
export async function checkEvictionPolicy(redis: RedisClient): Promise<{ unreadable: string[] }> {
  const unreadable: string[] = [];
  for (const master of mastersOf(redis)) {
    const where = `${master.options.host ?? "?"}:${master.options.port ?? "?"}`;
    let policy: string | undefined;
    try {
      policy = policyOfInfo(String(await master.info("memory")));
    } catch {
      policy = undefined;
    }
    if (policy === undefined) {
      unreadable.push(where);
      continue;
    }
    if (policy !== SAFE_EVICTION_POLICY) {
      throw new EvictingRedisError(
        `Redis at ${where} has maxmemory-policy ${policy}, which evicts keys (links, subscriptions, outbox entries) silently; set maxmemory-policy ${SAFE_EVICTION_POLICY}`,
      );
    }
  }
  return { unreadable };
}

/**
 * The start-up check: throws EvictingRedisError when Redis answers within `waitMs` with an evicting
 * policy. A single Redis that is not up yet (the bot starts anyway and connects when it comes) is checked
 * when it first becomes ready; an evicting policy found then is logged as an error, since a running bot
 * cannot refuse to start any more.
 */
export async function refuseEvictingRedis(
  redis: RedisClient,
  logger: Pick<Logger, "warn" | "error">,
  waitMs = 3000,
): Promise<void> {
  const report = (result: { unreadable: string[] }) => {
    if (result.unreadable.length > 0) {
      logger.warn(
        { servers: result.unreadable },
        "could not read Redis' maxmemory-policy (INFO memory): make sure it is noeviction",
      );
    }
  };
  if (redis.status === "ready" || redis.isCluster) {
    report(await checkEvictionPolicy(redis));
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => redis.once("ready", () => resolve(true))),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), waitMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  if (ready) {
    report(await checkEvictionPolicy(redis));
    return;
  }
  logger.warn("Redis did not answer at start: its maxmemory-policy is checked once it does");
  redis.once("ready", () => {
    checkEvictionPolicy(redis).then(report, (error: unknown) =>
      logger.error({ err: error }, (error as Error).message),
    );
  });
}
