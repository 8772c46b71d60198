#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages (biome, rollup, ... for other
// operating systems and CPUs) that a registry mirror without them leaves out. npm writes such entries on
// a full registry, and `npm ci` refuses a lock file without them ("Missing: ... from lock file"), even
// though it never installs them on another platform. Run it after every `npm install` that changes the lock:
//   node tools/complete-lockfile.cjs
const fs = require("node:fs");
const path = require("node:path");

const lockPath = path.join(__dirname, "..", "package-lock.json");
const lock = JSON.parse(fs.readFileSync(lockPath, "utf8"));
const OS = [
  "android",
  "darwin",
  "win32",
  "linux",
  "freebsd",
  "openbsd",
  "netbsd",
  "openharmony",
  "sunos",
  "aix",
];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const osIndex = parts.findIndex((part) => OS.includes(part));
  if (osIndex < 0 || !parts[osIndex + 1]) return null;
  const rest = parts.slice(osIndex + 1).join("-");
  const libc = /musl/.test(rest) ? "musl" : parts[osIndex] === "linux" && /gnu/.test(rest) ? "glibc" : null;
  return { os: parts[osIndex], cpu: parts[osIndex + 1], libc };
}

let added = 0;
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ""}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue; // only exact-version platform binaries
    lock.packages[`node_modules/${name}`] = {
      version: spec,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added++;
  }
}
const keys = Object.keys(lock.packages).sort((a, b) =>
  a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0,
);
lock.packages = Object.fromEntries(keys.map((key) => [key, lock.packages[key]]));
fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
