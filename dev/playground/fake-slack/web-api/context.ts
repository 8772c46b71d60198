import type { Clock } from "../../../../src/lib/clock";
import type { Args } from "../args";
import type { ManifestRules } from "../manifest-rules";
import type { RateLimiter } from "../rate-limiter";
import type { RateTiers } from "../rate-tiers";
import type { FakeSlackState } from "../state";
import type { TriggerRegistry } from "../triggers";
import type { FakeSlackConfig, FunctionExecution } from "../types";

export interface MethodContext {
  state: FakeSlackState;
  config: FakeSlackConfig;
  clock: Clock;
  triggers: TriggerRegistry;
  /** chat.postMessage per channel (RateTiers.postMessage); undefined when rate limits are off. */
  limiter: RateLimiter | undefined;
  /** Per-method rate tiers. */
  rates: RateTiers;
  /** The app's manifest: granted bot scopes, the Messages tab. */
  manifest: ManifestRules;
  /** http://host:port of the fake. */
  baseUrl: string;
  /** A fresh Socket Mode URL (apps.connections.open). */
  openSocketUrl(): string;
  /** Whose token made the call: a person's (userTokenFor); absent, the bot's. Reads are checked for them. */
  caller?: string;
  /** The custom step run whose workflow token made this call, if one did (api-dispatch.ts). */
  functionRun?: FunctionExecution;
}

/** The result fields of a successful call; the server adds `ok: true`. */
export type MethodResult = Record<string, unknown>;

export interface MethodSpec {
  /** Which token the method accepts: bot methods refuse the app-level token and the other way round. */
  token: "bot" | "app";
  /** Also answers a person's own token (userTokenFor), reading as that person. */
  userToken?: boolean;
  handle(args: Args, ctx: MethodContext): MethodResult | Promise<MethodResult>;
}

export type MethodTable = Record<string, MethodSpec>;
