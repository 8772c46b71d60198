/**
 * `npm run bench -- <name>`: runs one benchmark (or all of them without a name). Each benchmark prints
 * its own measurements next to a limit measured in the same run, and the ratio; none of them is a test.
 * `npm run bench -- <names> --baseline <tree> [--repeats N]`: the same benches from another checkout in turn
 * with this tree's, side by side (bench/baseline.ts).
 */
import { baselineOptions, benchNames, runAgainstBaseline } from "./baseline";

const benches: Record<string, () => Promise<{ default: () => Promise<void> }>> = {
  client: () => import("./client.bench"),
  commands: () => import("./commands.bench"),
  alerts: () => import("./alerts.bench"),
  charts: () => import("./charts.bench"),
  cluster: () => import("./cluster.bench"),
  scale: () => import("./scale.bench"),
  schedules: () => import("./schedules.bench"),
};

const args = process.argv.slice(2);
const requested = benchNames(args);
const names = requested.length ? requested : Object.keys(benches);
const unknown = names.filter((name) => !benches[name]);
if (unknown.length) {
  console.error(`Unknown benchmark "${unknown.join('", "')}". Known: ${Object.keys(benches).join(", ")}`);
  process.exit(2);
}
const baseline = baselineOptions(args, process.env);
if (baseline) {
  await runAgainstBaseline({ ...baseline, names });
} else {
  for (const name of names) {
    console.log(`\n=== bench: ${name} ===`);
    await (await benches[name]!()).default();
  }
}
