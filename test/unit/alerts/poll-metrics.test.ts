import { describe, expect, it } from "vitest";
import { createPrometheusMetrics } from "../../../src/alerts/prometheus-metrics";

describe("Prometheus metrics of the alert pipeline", () => {
  it("renders poll, event, delivery and takeover counters and the latency histogram", async () => {
    const m = createPrometheusMetrics({ processMetrics: false });
    m.poll.poll("quiet");
    m.poll.poll("quiet");
    m.poll.pollError("server");
    m.poll.alertEvent("opened");
    m.poll.leaseTakeover();
    m.alert.delivery("posted");
    m.alert.deliveryLatency(3.2);
    m.alert.deliveryLatency(Number.NaN); // ignored, never throws
    m.alert.outboxLag(0.2);
    const { contentType, body } = await m.renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('uptime_chatops_polls_total{outcome="quiet"} 2');
    expect(body).toContain('uptime_chatops_poll_errors_total{kind="server"} 1');
    expect(body).toContain('uptime_chatops_alert_events_total{type="opened"} 1');
    expect(body).toContain("uptime_chatops_lease_takeovers_total 1");
    expect(body).toContain('uptime_chatops_deliveries_total{outcome="posted"} 1');
    expect(body).toContain('uptime_chatops_delivery_latency_seconds_bucket{le="4"} 1');
    expect(body).toContain('uptime_chatops_delivery_latency_seconds_bucket{le="3"} 0');
    expect(body).toContain("uptime_chatops_delivery_latency_seconds_count 1");
    expect(body).toContain("uptime_chatops_outbox_wait_seconds_count 1");
    expect(body).not.toContain("process_cpu");
  });

  it("samples the outbox once per scrape for its four gauges, and survives a failed sample", async () => {
    let samples = 0;
    let fail = false;
    const m = createPrometheusMetrics({
      prefix: "uc_",
      sampleOutbox: async () => {
        samples++;
        if (fail) throw new Error("redis down");
        return { length: 120, pending: 3, lag: 8, deadLetters: 2 };
      },
    });
    const { body } = await m.renderMetrics();
    expect(body).toContain("uc_outbox_lag 8");
    expect(body).toContain("uc_outbox_pending 3");
    expect(body).toContain("uc_outbox_length 120");
    expect(body).toContain("uc_alert_dead_letters 2");
    // Node's process metrics keep their standard names: dashboards and rules shared across jobs read them.
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(body).not.toContain("uc_process_");
    expect(samples).toBe(1);
    fail = true;
    await new Promise((resolve) => setImmediate(resolve));
    const again = await m.renderMetrics();
    expect(samples).toBe(2);
    expect(again.body).toContain("uc_polls_total");
  });

  it("keeps each instance on its own registry", async () => {
    const a = createPrometheusMetrics({ processMetrics: false });
    const b = createPrometheusMetrics({ processMetrics: false });
    a.poll.leaseTakeover();
    expect((await b.renderMetrics()).body).toContain("uptime_chatops_lease_takeovers_total 0");
  });
});
