/**
 * A worker stuck before it is ready (say, in its warm-up): it never calls serveWorkerJobs, so it never says
 * `{ ready: true }`. It tells its pid (a message the pool ignores) so that a test can see it ended.
 */
process.send?.({ pid: process.pid });
process.on("disconnect", () => process.exit(0));
setInterval(() => {}, 60_000);
