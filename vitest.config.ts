import { defineConfig } from "vitest/config";

/**
 * The long fault and failover scenarios: `npm run test:resilience` (with the `cluster` project and the
 * container test), not `npm test`. `npm test` keeps a small version of the fault suite (chaos.test.ts
 * reads TEST_TIER) so a change to the fault paths still meets a fault there.
 */
const RESILIENCE = [
  "test/e2e/failover.test.ts",
  "test/e2e/cluster-master-failover.test.ts",
  "test/e2e/production-install.test.ts",
];
const E2E = {
  globalSetup: ["test/support/global-slack-contracts.ts"],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Two test files at a time, e2e included: on 2 cores vitest's default is one (cores - 1), and most of an e2e
    // file's time is waiting on timers and child processes, so running them one after another left the
    // machine two-thirds idle (17 minutes at about 30 % CPU).
    maxWorkers: 2,
    // Only the unit project runs in threads (below); the forks of the others stay one fresh process per file.
    // vitest reads a pool's isolation from this root config, never from a project's.
    poolOptions: { threads: { isolate: false } },
    globalSetup: ["test/support/global-redis.ts"],
    projects: [
      // Property tests run thousands of cases: room for a busy 2-core machine, not a timing assertion.
      // Not isolated: the unit files are pure (no module mocks, fake timers or environment changes), and a
      // fresh process and import of the modules for each of them was most of the project's time (82 s to
      // 16 s alone). It runs first, on its own (groupOrder), then integration and e2e together.
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: 20_000,
          pool: "threads",
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/support/global-slack-contracts.ts"],
          testTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The store and script tests again, on a real 3-master Redis Cluster (REDIS_CLUSTER_NODES): a
        // representative set (scheduler, scripts, every store, the outbox, its delivery, dead letters, metrics and
        // the digest schedules), not the whole suite. In `npm run test:resilience`.
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
          exclude: RESILIENCE,
          sequence: { groupOrder: 1 },
          ...E2E,
        },
      },
      {
        // The same stacks as e2e, at full size: failover on one Redis and on a Cluster, a Cluster master
        // failover, the production install from a clone, and every scenario of the fault suite.
        extends: true,
        test: {
          name: "resilience",
          include: [...RESILIENCE, "test/e2e/chaos.test.ts"],
          env: { TEST_TIER: "resilience" },
          ...E2E,
        },
      },
    ],
  },
});
