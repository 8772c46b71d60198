import type { Args } from "./args";
import { SlackRateLimitedError } from "./errors";
import { scopeRefusal } from "./scope-table";
import type { MethodContext } from "./web-api";

/**
 * What Slack checks of a bot's call before doing it, from the manifest and the rate tiers: a method over its
 * tier answers 429 with Retry-After (https://docs.slack.dev/apis/web-api/rate-limits), a method whose scope
 * the install lacks answers `missing_scope` (scope-table.ts). Throws as the method handlers do.
 */
export function enforceCallRules(method: string, args: Args, ctx: MethodContext): void {
  const wait = ctx.rates.takeMethod(method);
  if (wait > 0) throw new SlackRateLimitedError(wait);
  const refusal = scopeRefusal(method, args, ctx.state, ctx.manifest.botScopes);
  if (refusal) throw refusal;
}
