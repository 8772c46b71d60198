/**
 * `npm run bench -- <name>`: runs one benchmark (or all of them without a name). Each benchmark prints
 * its own measurements next to a limit measured in the same run, and the ratio; none of them is a test.
 */
export {};

const benches: Record<string, () => Promise<{ default: () => Promise<void> }>> = {
  client: () => import("./client.bench"),
  commands: () => import("./commands.bench"),
  alerts: () => import("./alerts.bench"),
  charts: () => import("./charts.bench"),
  cluster: () => import("./cluster.bench"),
  scale: () => import("./scale.bench"),
  schedules: () => import("./schedules.bench"),
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const names = requested.length ? requested : Object.keys(benches);
for (const name of names) {
  const load = benches[name];
  if (!load) {
    console.error(`Unknown benchmark "${name}". Known: ${Object.keys(benches).join(", ")}`);
    process.exit(2);
  }
  console.log(`\n=== bench: ${name} ===`);
  await (await load()).default();
}
