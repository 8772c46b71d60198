// The import rules of docs/architecture.md section 2. `npm run lint` fails on any violation.
// Type-only imports are allowed across layers where docs/architecture.md section 2 says "types from anywhere" (ui).
const layer = (name, allowed, extra = {}) => ({
  name: `${name}-imports`,
  comment: `src/${name} may import only: ${allowed.join(", ") || "nothing in src"} (docs/architecture.md section 2)`,
  severity: "error",
  from: { path: `^src/${name}/` },
  to: {
    path: "^src/",
    pathNot: [`^src/${name}/`, ...allowed.map((a) => `^src/${a}/`)],
    ...extra,
  },
});

/**
 * Inside src/alerts, the sub-folders form layers, lowest first: each may import only the ones below it, so
 * that no two of them import each other (docs/architecture.md section 5). The root's model.ts and metrics.ts
 * are below them all; index.ts and prometheus-metrics.ts, the module's composition, above them all.
 */
const ALERT_LAYERS = ["render", "outbox", "poll", "subscriptions", "digests", "deliver", "schedules"];
const alertLayers = ALERT_LAYERS.map((name, i) => ({
  name: `alerts-${name}-layer`,
  comment: `src/alerts/${name} may import only the alert layers below it: ${ALERT_LAYERS.slice(0, i).join(", ") || "none"} (and model.ts, metrics.ts)`,
  severity: "error",
  from: { path: `^src/alerts/${name}/` },
  to: {
    path: `^src/alerts/(${ALERT_LAYERS.slice(i + 1).join("|") || "-"}/|index\\.ts$|prometheus-metrics\\.ts$)`,
  },
}));

module.exports = {
  forbidden: [
    layer("lib", []),
    // The /uptime grammar: the product's language, read by listeners, services and ui (docs/architecture.md section 2).
    layer("grammar", ["lib"]),
    layer("uptime", ["lib"]),
    layer("store", ["lib"]),
    // The one Slack adapter: posters, uploads, Slack's errors narrowed once (docs/architecture.md section 2).
    layer("slack", ["store", "lib"]),
    layer("simulator", ["lib"]),
    // services may use the alerts module through its one entry, never its insides (docs/architecture.md section 2).
    layer("services", ["grammar", "uptime", "store", "lib"], {
      pathNot: ["^src/(services|grammar|uptime|store|lib)/", "^src/alerts/index\\.ts$"],
    }),
    layer("ui", ["grammar", "lib"], { dependencyTypesNot: ["type-only"] }),
    layer("listeners", ["services", "ui", "grammar", "lib", "slack"], { dependencyTypesNot: ["type-only"] }),
    layer("alerts", ["uptime", "store", "ui", "lib", "slack"]),
    ...alertLayers,
    {
      name: "alerts-one-entry",
      comment:
        "outside src/alerts, only src/alerts/index.ts may be imported (docs/architecture.md section 2)",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/alerts/" },
      to: { path: "^src/alerts/", pathNot: "^src/alerts/index\\.ts$" },
    },
    {
      name: "services-no-slack",
      comment: "services are Slack-agnostic: never @slack/* (docs/architecture.md section 2)",
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
