import { describe, expect, it } from "vitest";
import { exportedSampleNames, metricNames } from "../../support/promql";

describe("metricNames (PromQL)", () => {
  it.each([
    ["polls_total", ["polls_total"]],
    ['sum by (outcome) (rate(polls_total{job=~"$job"}[$__rate_interval]))', ["polls_total"]],
    [
      'histogram_quantile(0.99, sum by (le) (rate(delivery_latency_seconds_bucket{job=~"$job"}[5m])))',
      ["delivery_latency_seconds_bucket"],
    ],
    [
      'sum(rate(polls_total{outcome="failed"}[1m])) / clamp_min(sum(rate(polls_total[1m])), 1e-9)',
      ["polls_total"],
    ],
    ["a_total / on (instance) group_left (version) b_info > bool 0", ["a_total", "b_info"]],
    ['max(outbox_lag{job=~"a|b(c)"}) or vector(0) offset 5m', ["outbox_lag"]],
    ['sum without (kind) (poll_errors_total{kind!="x}y"})', ["poll_errors_total"]],
  ])("%s reads %o", (expr, names) => {
    expect(metricNames(expr)).toEqual(names);
  });
});

describe("exportedSampleNames", () => {
  it("adds the sample names of histograms and summaries", () => {
    const text = [
      "# HELP polls_total Polls",
      "# TYPE polls_total counter",
      'polls_total{outcome="quiet"} 3',
      "# TYPE delivery_latency_seconds histogram",
      "# TYPE rpc summary",
    ].join("\n");
    expect([...exportedSampleNames(text)].sort()).toEqual([
      "delivery_latency_seconds",
      "delivery_latency_seconds_bucket",
      "delivery_latency_seconds_count",
      "delivery_latency_seconds_sum",
      "polls_total",
      "rpc",
      "rpc_count",
      "rpc_sum",
    ]);
  });
});
