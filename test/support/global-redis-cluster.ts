import type { TestProject } from "vitest/node";
import { startRedisCluster } from "./redis-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set in the `cluster` project only: REDIS_CLUSTER_NODES of a 3-master cluster started for the run. */
    redisClusterNodes?: string;
  }
}

/** The `cluster` project's Redis Cluster (3 masters, no replicas), started once and stopped after the run. */
export default async function setup(project: TestProject) {
  let cluster: Awaited<ReturnType<typeof startRedisCluster>>;
  try {
    cluster = await startRedisCluster({ masters: 3 });
  } catch (error) {
    console.error(`could not start a Redis Cluster for the cluster tests: ${(error as Error).message}`);
    process.exit(1);
  }
  project.provide("redisClusterNodes", cluster.seeds);
  return () => cluster.close();
}
