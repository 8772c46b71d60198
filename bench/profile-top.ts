/**
 * `tsx bench/profile-top.ts <file.cpuprofile> [N]`: the N functions (default 25) with the most self time
 * in a V8 CPU profile (`node --cpu-prof`), as a share of all samples, so that a profile taken by a bench
 * (BENCH_CPU_PROF=<dir>) can be read and quoted without a browser.
 */
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

export function topSelf(profile: Profile, count: number): { name: string; share: number; ms: number }[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|src|bench)\//, "$1/")}:${lineNumber + 1}` : "";
    const name = `${functionName || "(anonymous)"} ${where}`.trim();
    const us = deltas[i] ?? 0;
    self.set(name, (self.get(name) ?? 0) + us);
    total += us;
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, share: us / Math.max(1, total), ms: us / 1000 }));
}

if (process.argv[1]?.endsWith("profile-top.ts")) {
  const [file, n] = process.argv.slice(2);
  if (!file) {
    console.error("usage: tsx bench/profile-top.ts <file.cpuprofile> [N]");
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  for (const row of topSelf(profile, Number(n ?? 25))) {
    console.log(
      `${(row.share * 100).toFixed(1).padStart(5)}%  ${row.ms.toFixed(0).padStart(6)} ms  ${row.name}`,
    );
  }
}
