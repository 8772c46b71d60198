import type { PendingResult } from "../services/pending-actions";
import { errorText } from "./error-text";
import { acknowledgeResultText } from "./render-acknowledge-result";
import { monitorPausedText } from "./render-monitor-paused";

/** One line per action completed after linking (the confirmation's follow-up); undefined when none. */
export function pendingResultsText(results: readonly PendingResult[]): string | undefined {
  const lines = results.map(pendingResultText);
  return lines.length > 0 ? lines.join("\n") : undefined;
}

function pendingResultText(result: PendingResult): string {
  if (result.kind === "acknowledge") {
    if ("outcome" in result) return acknowledgeResultText(result.outcome);
    return `:warning: Incident #${result.incidentId} was not acknowledged: ${errorText(result.error).text}`;
  }
  const paused = result.kind === "pause";
  if ("outcome" in result) {
    return monitorPausedText({ monitor: result.outcome.monitor, paused, changed: result.outcome.changed });
  }
  const text = errorText(result.error).text;
  return `:warning: Monitor ${result.monitorId} was not ${paused ? "paused" : "resumed"}: ${text}`;
}
