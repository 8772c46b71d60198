import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two test files at a time, e2e included: on 2 cores vitest's default is one (cores - 1), and most of an e2e
    // file's time is waiting on timers and child processes, so running them one after another left the
    // machine two-thirds idle (17 minutes at about 30 % CPU).
    maxWorkers: 2,
    globalSetup: ["test/support/global-redis.ts"],
    projects: [
      // Property tests run thousands of cases: room for a busy 2-core machine, not a timing assertion.
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], testTimeout: 20_000 } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/support/global-slack-contracts.ts"],
          testTimeout: 30_000,
        },
      },
      {
        // The store and script tests again, on a real 3-master Redis Cluster (REDIS_CLUSTER_NODES): a
        // representative set (scheduler, scripts, every store, the outbox, its delivery, dead letters, metrics and
        // the digest schedules), not the whole suite.
        extends: true,
        test: {
          name: "cluster",
          include: [
            "test/integration/store/*.test.ts",
            "test/integration/alerts/{stores,delivery,poison-proof,poller-metrics,digests}.test.ts",
          ],
          globalSetup: ["test/support/global-redis-cluster.ts"],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          globalSetup: ["test/support/global-slack-contracts.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
