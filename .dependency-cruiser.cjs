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
    // The /uptime grammar: the product's language, read by listeners, services and ui (DESIGN.md section 2).
    layer("grammar", ["lib"]),
    layer("uptime", ["lib"]),
    layer("store", ["lib"]),
    layer("simulator", ["lib"]),
    // services may use the alerts module through its one entry, never its insides (DESIGN.md section 2).
    layer("services", ["grammar", "uptime", "store", "lib"], {
      pathNot: ["^src/(services|grammar|uptime|store|lib)/", "^src/alerts/index\\.ts$"],
    }),
    layer("ui", ["grammar", "lib"], { dependencyTypesNot: ["type-only"] }),
    layer("listeners", ["services", "ui", "grammar", "lib"], { dependencyTypesNot: ["type-only"] }),
    layer("alerts", ["uptime", "store", "ui", "lib"]),
    {
      name: "alerts-one-entry",
      comment: "outside src/alerts, only src/alerts/index.ts may be imported (DESIGN.md section 2)",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(alerts|ui)/" },
      to: { path: "^src/alerts/", pathNot: "^src/alerts/index\\.ts$" },
    },
    {
      name: "services-no-slack",
      comment: "services are Slack-agnostic: never @slack/* (DESIGN.md section 2)",
      severity: "error",
      from: { path: "^src/(services|uptime|store|simulator|lib|grammar|ui)/" },
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
