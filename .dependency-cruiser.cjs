// The import rules of DESIGN.md section 2. `npm run lint` fails on any violation.
// Type-only imports are allowed across layers where DESIGN.md says "types from anywhere" (ui).
const layer = (name, allowed, extra = {}) => ({
  name: `${name}-imports`,
  comment: `src/${name} may import only: ${allowed.join(", ") || "nothing in src"} (DESIGN.md section 2)`,
  severity: "error",
  from: { path: `^src/${name}/` },
  to: {
    path: "^src/",
    pathNot: [`^src/${name}/`, ...allowed.map((a) => `^src/${a}/`)],
    ...extra,
  },
});

module.exports = {
  forbidden: [
    layer("lib", []),
    layer("uptime", ["lib"]),
    layer("store", ["lib"]),
    layer("simulator", ["lib"]),
    layer("services", ["uptime", "store", "lib"]),
    layer("ui", ["lib"], { dependencyTypesNot: ["type-only"] }),
    layer("listeners", ["services", "ui", "lib"], { dependencyTypesNot: ["type-only"] }),
    layer("alerts", ["uptime", "store", "ui", "lib"]),
    {
      name: "services-no-slack",
      comment: "services are Slack-agnostic: never @slack/* (DESIGN.md section 2)",
      severity: "error",
      from: { path: "^src/(services|uptime|store|simulator|lib|ui)/" },
      to: { path: "@slack/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-test-code-in-src",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(test|bench)/" },
    },
    {
      name: "no-shared-folder",
      comment: "a user's clone has no ../shared",
      severity: "error",
      from: {},
      to: { path: "(^|/)shared/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
