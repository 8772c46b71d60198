import { defineConfig } from "vitest/config";

// `npm run test:container`: the container image e2e (test/container/), apart from `npm test` because it
// builds an image (a minute or two with a warm cache, more on a clean machine). .ci/run runs both.
export default defineConfig({
  test: {
    name: "container",
    include: ["test/container/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 900_000,
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
  },
});
