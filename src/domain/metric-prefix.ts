/**
 * The prefix of every metric the bot defines (Node's process metrics keep their standard names): in a
 * Prometheus shared with other jobs, `polls_total` or `outbox_lag` alone would collide with theirs.
 * ops/prometheus-rules.yml and ops/grafana-dashboard.json use the prefixed names.
 */
export const METRIC_PREFIX = "uptime_chatops_";
