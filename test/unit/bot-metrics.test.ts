import { describe, expect, it } from "vitest";
import { createBotMetrics, outcomeOf, slackMethodOf } from "../../src/observability/bot-metrics";

describe("the bot's own metrics", () => {
  it("labels Slack calls by Web API method, never by a URL", () => {
    expect(slackMethodOf("https://slack.com/api/chat.postMessage")).toBe("chat.postMessage");
    expect(slackMethodOf(new URL("http://127.0.0.1:3999/api/conversations.history?x=1"))).toBe(
      "conversations.history",
    );
    expect(slackMethodOf("https://files.slack.com/upload/v1/ABC123")).toBe("other");
  });

  it("classes outcomes by status, and error when no answer came", () => {
    expect([200, 204, 404, 429, 503].map(outcomeOf)).toEqual(["2xx", "2xx", "4xx", "4xx", "5xx"]);
    expect(outcomeOf(null)).toBe("error");
  });

  it("times a Slack fetch that answers and one that fails, and exports build_info and redis_up", async () => {
    let fail = false;
    const metrics = createBotMetrics({
      redisUp: async () => false,
      fetch: async () => {
        if (fail) throw new Error("ECONNRESET");
        return new Response("{}", { status: 200 }) as never;
      },
    });
    await metrics.slackFetch("https://slack.com/api/chat.postMessage", {});
    fail = true;
    await expect(metrics.slackFetch("https://slack.com/api/chat.update", {})).rejects.toThrow("ECONNRESET");
    metrics.uptimeCall({ method: "GET", status: 503, seconds: 0.2 });
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'uptime_chatops_slack_api_request_duration_seconds_count{method="chat.postMessage",outcome="2xx"} 1',
    );
    expect(text).toContain(
      'uptime_chatops_slack_api_request_duration_seconds_count{method="chat.update",outcome="error"} 1',
    );
    expect(text).toContain(
      'uptime_chatops_uptime_api_request_duration_seconds_count{method="GET",outcome="5xx"} 1',
    );
    expect(text).toMatch(/^uptime_chatops_build_info\{version="[^"]+",nodejs_version="v[\d.]+"\} 1$/m);
    expect(text).toMatch(/^uptime_chatops_redis_up 0$/m);
  });
});
