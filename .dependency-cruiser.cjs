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
 * are below them all; index.ts and prometheus-metrics.ts, the module's composition, above them all. The
 * engine and the kinds (engine/, kinds/) lend each other parts; alertKindRules keep a kind off the engine's
 * composition.
 */
const ALERT_LAYERS = ["engine/poll", "subscriptions"];
const alertLayers = ALERT_LAYERS.map((name, i) => ({
  name: `alerts-${name}-layer`,
  comment: `src/alerts/${name} may import only the alert layers below it: ${ALERT_LAYERS.slice(0, i).join(", ") || "none"} (and model.ts, metrics.ts)`,
  severity: "error",
  from: { path: `^src/alerts/${name}/` },
  to: {
    path: `^src/alerts/(${ALERT_LAYERS.slice(i + 1).join("|") || "-"}/|index\\.ts$|prometheus-metrics\\.ts$)`,
  },
}));

const alertKindRules = [
  {
    name: "alerts-kinds-below-composition",
    comment:
      "a kind (src/alerts/kinds) is a plan and its parts: it never reaches the engine's composition, the workers or the module's entry (docs/architecture.md section 5)",
    severity: "error",
    from: { path: "^src/alerts/kinds/" },
    to: {
      path: "^src/alerts/(engine/(alert-delivery|delivery-worker|outbox-entry-handler|incident-event-tap)\\.ts$|index\\.ts$|prometheus-metrics\\.ts$)",
    },
  },
];

module.exports = {
  forbidden: [
    layer("lib", []),
    // The product's shared vocabulary (pause reasons, digest cadences, quiet hours, alert rule bounds): every
    // layer but the simulator may import it, and it imports only the generic helpers of lib
    // (docs/architecture.md section 2).
    layer("domain", ["lib"]),
    // The /uptime grammar: the product's language, read by listeners, services and ui (docs/architecture.md section 2).
    layer("grammar", ["domain", "lib"]),
    layer("uptime", ["domain", "lib"]),
    layer("store", ["domain", "lib"]),
    // The one Slack adapter: posters, uploads, Slack's errors narrowed once (docs/architecture.md section 2).
    layer("slack", ["store", "domain", "lib", "ui"]),
    {
      name: "slack-ui-types-only",
      comment: "src/slack may import only types from src/ui (what a message is), never a renderer",
      severity: "error",
      from: { path: "^src/slack/" },
      to: { path: "^src/ui/", dependencyTypesNot: ["type-only"] },
    },
    {
      // Written from the API reference, not from the client, so that it can catch the client's mistakes.
      name: "simulator-imports",
      comment: "dev/simulator may import only src/lib (docs/architecture.md section 4)",
      severity: "error",
      from: { path: "^dev/simulator/" },
      to: { path: "^(src|dev)/", pathNot: ["^dev/simulator/", "^src/lib/"] },
    },
    {
      name: "product-without-dev-tools",
      comment: "src/ is the product: it never imports the playground, the simulator or dev helpers (dev/)",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^dev/" },
    },
    // services may use the alerts module through its one entry, never its insides, and may tell Slack's
    // typed errors apart (slack-errors.ts imports no @slack/*), never call Slack (docs/architecture.md section 2).
    layer("services", ["grammar", "uptime", "store", "domain", "lib"], {
      pathNot: [
        "^src/(services|grammar|uptime|store|domain|lib)/",
        "^src/alerts/index.ts$",
        "^src/slack/slack-errors.ts$",
      ],
    }),
    layer("ui", ["grammar", "domain", "lib"], { dependencyTypesNot: ["type-only"] }),
    layer("listeners", ["services", "ui", "grammar", "domain", "lib", "slack"], {
      dependencyTypesNot: ["type-only"],
    }),
    layer("alerts", ["uptime", "store", "ui", "domain", "lib", "slack"]),
    // The environment parsed once: it takes the defaults of the modules it configures, and only the
    // composition (src/bot) and the entry points read it.
    layer("config", ["slack", "store", "ui", "domain", "lib"]),
    // Metrics, health and the metrics port: they observe the clients, never drive them.
    layer("observability", ["uptime", "domain", "lib"]),
    {
      name: "composition-from-entry-points",
      comment:
        "src/bot (the composition: startBot, the Bolt app) and src/config are read only by each other and the entry points at the root of src",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/(bot|config)/", "^src/[^/]+\\.ts$"] },
      to: { path: "^src/(bot|config)/" },
    },
    {
      name: "entry-points-not-imported",
      comment:
        "the root of src holds only the entry points (main, alerts-cli, rotate-key): nothing in src imports them",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^src/[^/]+\\.ts$" },
    },
    ...alertLayers,
    ...alertKindRules,
    {
      name: "alerts-engine-knows-no-kind",
      comment:
        "the poll (src/alerts/engine/poll) runs the detectors it is given and never imports a kind (docs/architecture.md section 5)",
      severity: "error",
      from: { path: "^src/alerts/engine/poll/" },
      to: { path: "^src/alerts/kinds/" },
    },
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
      from: {
        path: "^(src/(services|uptime|store|domain|lib|grammar|ui|config|observability)|dev/simulator)/",
      },
      to: { path: "@slack/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "slack-errors-sdk-free",
      comment: "the services read src/slack/slack-errors.ts: it must not bring @slack/* with it",
      severity: "error",
      from: { path: "^src/slack/slack-errors\\.ts$" },
      to: { path: "@slack/" },
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
