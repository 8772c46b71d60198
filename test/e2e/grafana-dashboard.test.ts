// ops/grafana-dashboard.json (and README's table of what to alert on) against what the bot really exports:
// every query of every panel and template variable names only metrics that the running bot's GET /metrics declares (read from its
// `# TYPE` lines, not from a list kept here).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { metricTotal } from "../support/bot-process";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { exportedSampleNames, metricNames } from "../support/promql";
import { eventually } from "../support/wait-for";

interface Target {
  expr?: string;
}
interface Panel {
  title?: string;
  type: string;
  targets?: Target[];
  panels?: Panel[];
}
interface Dashboard {
  panels: Panel[];
  templating: { list: { name: string; query?: string | { query?: string } }[] };
}

const dashboard = JSON.parse(
  readFileSync(new URL("../../ops/grafana-dashboard.json", import.meta.url), "utf8"),
) as Dashboard;

/** Every query: panel targets (rows included) and `label_values(metric, label)` template variables. */
function queries(): { where: string; names: string[] }[] {
  const out: { where: string; names: string[] }[] = [];
  const walk = (panels: Panel[]) => {
    for (const panel of panels) {
      for (const target of panel.targets ?? []) {
        out.push({ where: `panel "${panel.title}": ${target.expr}`, names: metricNames(target.expr ?? "") });
      }
      walk(panel.panels ?? []);
    }
  };
  walk(dashboard.panels);
  for (const variable of dashboard.templating.list) {
    const query = typeof variable.query === "string" ? variable.query : variable.query?.query;
    const labelValues = query ? /^label_values\(\s*([^,)]+)\s*,/.exec(query) : null;
    if (labelValues) {
      out.push({ where: `variable $${variable.name}: ${query}`, names: metricNames(labelValues[1]!) });
    }
  }
  return out;
}

describe("ops/grafana-dashboard.json", () => {
  let stack: Stack;
  let exported: Set<string>;

  beforeAll(async () => {
    // ALERT_WORKERS=1: the replica that polls and delivers, whose /metrics an admin scrapes.
    stack = await startStack({ env: { ALERT_WORKERS: "1" } });
    const response = await fetch(`http://127.0.0.1:${stack.bot.metricsPort}/metrics`);
    expect(response.status).toBe(200);
    exported = exportedSampleNames(await response.text());
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("queries only metrics the bot exports", () => {
    const all = queries();
    // Every panel has at least one query and every query names a metric: an empty or unparsed query
    // would pass the check below without checking anything.
    const graphs = dashboard.panels.filter((p) => p.type !== "row");
    expect(graphs.length).toBeGreaterThan(5);
    for (const panel of graphs) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    for (const query of all) expect(query.names.length, query.where).toBeGreaterThan(0);

    const unknown = all.flatMap((q) =>
      q.names.filter((n) => !exported.has(n)).map((n) => `${n} in ${q.where}`),
    );
    expect(unknown).toEqual([]);
  });

  it("and so does every query of docs/operations.md's table of what to alert on", () => {
    const readme = readFileSync(new URL("../../docs/operations.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("| Alert when")).split("\n\n")[0]!.split("\n").slice(2);
    expect(table.length).toBeGreaterThan(3);
    for (const row of table) {
      const expr = /`([^`]+)`/.exec(row.split("|")[2] ?? "")?.[1];
      expect(expr, row).toBeDefined();
      // `<poll interval>` is the admin's POLL_INTERVAL_SECONDS, written in words.
      const names = metricNames(expr!.replace("<poll interval>", "5"));
      expect(names.length, row).toBeGreaterThan(0);
      expect(names.filter((n) => !exported.has(n))).toEqual([]);
    }
  });

  it("times the calls to Slack and to the Uptime API, says which build runs and whether Redis answers", async () => {
    const scrape = async () => (await fetch(`http://127.0.0.1:${stack.bot.metricsPort}/metrics`)).text();
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    // Subscribing reads the team from the API and posts the announcement with the listeners' WebClient;
    // the first poll then goes through the alert pipeline's API client.
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0ALERTS", text: "subscribe" });
    await eventually(async () => {
      const posted = stack.slack.state
        .channelMessages("C0ALERTS")
        .some((m) => /now gets alerts/.test(textOf(m)));
      return posted ? true : undefined;
    }, 15_000);
    const text = await eventually(async () => {
      const body = await scrape();
      return metricTotal(
        body,
        "uptime_chatops_uptime_api_request_duration_seconds_count",
        /method="GET",outcome="2xx"/,
      ) > 0 &&
        metricTotal(
          body,
          "uptime_chatops_slack_api_request_duration_seconds_count",
          /method="chat\.postMessage",outcome="2xx"/,
        ) > 0
        ? body
        : undefined;
    }, 15_000);
    expect(text).toMatch(
      /^uptime_chatops_build_info\{version="\d+\.\d+\.\d+",nodejs_version="v\d+\.\d+\.\d+"\} 1$/m,
    );
    expect(metricTotal(text, "uptime_chatops_redis_up")).toBe(1);
    expect(metricTotal(text, "uptime_chatops_poll_lag_seconds")).toBeGreaterThanOrEqual(0);
    // Slack method names, never URLs with ids, as label values.
    expect(text).not.toMatch(/slack_api_request_duration_seconds_count\{method="[^"]*\/[^"]*"/);
  });

  it("would catch a metric the bot does not export", () => {
    expect(exported.has("uptime_chatops_polls_total")).toBe(true);
    expect(exported.has("uptime_chatops_delivery_latency_seconds_bucket")).toBe(true);
    // The names before the common prefix: no longer exported, so a dashboard still using one fails.
    expect(exported.has("polls_total")).toBe(false);
  });
});
