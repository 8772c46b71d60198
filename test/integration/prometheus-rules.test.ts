// ops/prometheus-rules.yml: valid for Prometheus (`promtool check rules`), every rule fires in its unit tests
// and stays quiet before (`promtool test rules ops/prometheus-rules.test.yml`), and every expression reads
// only metrics the bot declares. promtool is Debian's `prometheus` package (.ci/run installs it).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createPrometheusMetrics } from "../../src/alerts/prometheus-metrics";
import { silentLogger } from "../../src/lib/logger";
import { ApiHealth } from "../../src/observability/api-health";
import { createBotMetrics } from "../../src/observability/bot-metrics";
import { exportedSampleNames, metricNames } from "../support/promql";

const run = promisify(execFile);
const ops = new URL("../../ops/", import.meta.url).pathname;

interface Rule {
  alert: string;
  expr: string;
}
interface RuleTest {
  alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[];
}

const rules = (
  parse(readFileSync(`${ops}prometheus-rules.yml`, "utf8")) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);
const ruleTests = (parse(readFileSync(`${ops}prometheus-rules.test.yml`, "utf8")) as { tests: RuleTest[] })
  .tests;

async function promtool(args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run("promtool", args, { cwd: ops });
    return stdout + stderr;
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: string; stdout?: string; stderr?: string };
    if (code === "ENOENT") throw new Error("promtool is not installed: apt-get install prometheus");
    throw new Error(`promtool ${args.join(" ")} failed:\n${stdout}${stderr}`);
  }
}

describe("ops/prometheus-rules.yml", () => {
  it("passes promtool check rules", async () => {
    expect(await promtool(["check", "rules", "prometheus-rules.yml"])).toContain(
      `SUCCESS: ${rules.length} rules found`,
    );
  });

  it("passes promtool test rules, with a firing and a quiet case for every alert", async () => {
    expect(rules.length).toBeGreaterThanOrEqual(9);
    for (const rule of rules) {
      const cases = ruleTests
        .flatMap((t) => t.alert_rule_test ?? [])
        .filter((c) => c.alertname === rule.alert);
      expect(
        cases.some((c) => (c.exp_alerts ?? []).length > 0),
        `${rule.alert} fires somewhere`,
      ).toBe(true);
      expect(
        cases.some((c) => (c.exp_alerts ?? []).length === 0),
        `${rule.alert} is quiet somewhere`,
      ).toBe(true);
    }
    expect(await promtool(["test", "rules", "prometheus-rules.test.yml"])).toContain("SUCCESS");
  }, 60_000);

  it("covers what issue 35 asks for, among them no replica polling at all (absent)", () => {
    const byName = new Map(rules.map((rule) => [rule.alert, rule.expr]));
    expect(byName.get("UptimeChatopsNoPolling")).toMatch(/absent\(uptime_chatops_polls_total\)/);
    for (const metric of [
      "uptime_chatops_poll_lag_seconds",
      "uptime_chatops_subscriptions_paused",
      "uptime_chatops_alert_dead_letters",
      "uptime_chatops_outbox_lag",
      "uptime_chatops_slack_api_request_duration_seconds_count",
      "uptime_chatops_redis_up",
    ]) {
      expect(
        rules.some((rule) => metricNames(rule.expr).includes(metric)),
        metric,
      ).toBe(true);
    }
  });

  it("reads only metrics the bot declares, every one with the uptime_chatops_ prefix", async () => {
    const health = new ApiHealth({ logger: silentLogger, probe: async () => {} });
    const exposition =
      (await createPrometheusMetrics({ processMetrics: false }).renderMetrics()).body +
      (await health.registry.metrics()) +
      (await createBotMetrics().registry.metrics());
    const exported = exportedSampleNames(exposition);
    expect([...exported].filter((name) => !name.startsWith("uptime_chatops_"))).toEqual([]);
    const unknown = rules.flatMap((rule) =>
      metricNames(rule.expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${name} in ${rule.alert}`),
    );
    expect(unknown).toEqual([]);
  });
});
