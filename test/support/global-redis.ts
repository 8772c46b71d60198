import type { TestProject } from "vitest/node";
import { resolveRedis } from "../../dev/local-redis";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** One Redis for the whole run: REDIS_URL when it answers, else a private redis-server, else one clear line. */
export default async function setup(project: TestProject) {
  let redis: Awaited<ReturnType<typeof resolveRedis>>;
  try {
    redis = await resolveRedis(process.env.REDIS_URL);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  project.provide("redisUrl", redis.url);
  return () => redis.stop();
}
