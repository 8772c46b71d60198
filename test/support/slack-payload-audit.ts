import type { ContractViolation } from "../../dev/playground/fake-slack/contracts";
import type { ApiCallRecord, ResponseUrlPost } from "../../dev/playground/fake-slack/types";
import { checkBlockKitLimits, type Surface, type SurfacePayload } from "./block-kit-limits";

/**
 * Everything the bot sent a fake Slack that real Slack would refuse or that its Slack SDK's types do not
 * allow: the fake's contract violations (dev/playground/fake-slack/contracts), and every Block Kit payload
 * (messages, ephemerals, updates, views, Home tabs, response_url messages) against the full list of
 * documented limits of block-kit-limits.ts, which is longer than what the fake itself refuses. One sentence
 * per problem; e2e-stack.ts fails a test file whose bot left any.
 */
export function auditSlackPayloads(input: {
  calls: readonly ApiCallRecord[];
  responseUrlPosts: readonly ResponseUrlPost[];
  violations: readonly ContractViolation[];
}): string[] {
  const problems = input.violations.map(
    (v) => `${v.contract} ${v.refused ? "refused" : "recorded"}: ${v.problems.join("; ")}`,
  );
  const check = (where: string, surface: Surface, payload: SurfacePayload) => {
    for (const problem of checkBlockKitLimits(surface, payload)) problems.push(`${where}: ${problem}`);
  };
  for (const call of input.calls) {
    const where = `${call.method} #${input.calls.indexOf(call)}`;
    if (/^chat\.(postMessage|postEphemeral|update)$/.test(call.method)) {
      check(where, "message", { text: call.args.text, blocks: decoded(call.args.blocks) });
    }
    if (/^views\.(open|push|update|publish)$/.test(call.method)) {
      const view = decoded(call.args.view);
      if (isRecord(view)) check(where, view.type === "home" ? "home" : "modal", view);
    }
  }
  for (const post of input.responseUrlPosts) {
    check(`response_url ${post.id}`, "message", { text: post.body.text, blocks: post.body.blocks });
  }
  return problems;
}

/** Recorded arguments are as sent: WebClient's form bodies carry blocks and views as JSON text. */
function decoded(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
