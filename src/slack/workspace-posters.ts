import type { FetchFunction, Logger as SlackLogger } from "@slack/web-api";
import type { WorkspaceRef } from "../domain/workspace-ref";
import { BoundedCache } from "../lib/bounded-cache";
import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { RedisInstallationStore } from "../store/installation-store";
import { workspaceKey } from "../store/workspace";
import { WebApiPoster } from "./web-api-poster";

/** Each workspace's poster, which also makes the calls of incident channels (slack-channels.ts). */
export type WorkspacePosterFor = (ws: WorkspaceRef) => WebApiPoster | Promise<WebApiPoster>;

/** How long a workspace's poster (its bot token from the installation store) is reused. */
const POSTER_TTL_MS = 5 * 60_000;
/** Workspaces whose posters are kept at once: a poster holds a token and a WebClient. */
const MAX_POSTERS = 1_000;

export interface PosterSettings {
  apiUrl?: string | undefined;
  botToken?: string | undefined;
  oauth: boolean;
  fetch?: FetchFunction | undefined;
  /** The WebClients' logger: the bot's JSON log, never @slack/web-api's plain-text console. */
  logger?: SlackLogger | undefined;
  /** Per call (ms), SLACK_ALERT_CALL_TIMEOUT_MS; default SLACK_CALL_TIMEOUT_MS (web-api-poster.ts). */
  callTimeoutMs?: number | undefined;
}

/**
 * Each workspace's alert poster: the single bot token, or (OAuth) the workspace's bot token from the
 * installation store, cached a few minutes for at most MAX_POSTERS workspaces. WebClient retries are off
 * (web-api-poster.ts).
 */
export function workspacePosters(
  slack: PosterSettings,
  installations: RedisInstallationStore,
  logger: Logger,
  cacheOptions: { maxEntries?: number; ttlMs?: number; clock?: Clock } = {},
): WorkspacePosterFor {
  const options = {
    ...(slack.apiUrl ? { slackApiUrl: slack.apiUrl } : {}),
    ...(slack.fetch ? { fetch: slack.fetch } : {}),
    ...(slack.logger ? { logger: slack.logger } : {}),
    ...(slack.callTimeoutMs ? { timeoutMs: slack.callTimeoutMs } : {}),
  };
  const botToken = slack.botToken;
  if (!slack.oauth && botToken) {
    const poster = WebApiPoster.fromToken(botToken, options);
    return () => poster;
  }
  // Bounded in number and time: a workspace that stopped getting alerts (or uninstalled) does not stay.
  const cache = new BoundedCache<string, WebApiPoster>({
    maxEntries: cacheOptions.maxEntries ?? MAX_POSTERS,
    ttlMs: cacheOptions.ttlMs ?? POSTER_TTL_MS,
    ...(cacheOptions.clock ? { clock: cacheOptions.clock } : {}),
  });
  return async (ws: WorkspaceRef) => {
    const key = workspaceKey(ws);
    const cached = cache.get(key);
    if (cached) return cached;
    const installation = await installations.fetchInstallation({
      teamId: ws.teamId,
      enterpriseId: ws.enterpriseId,
      isEnterpriseInstall: ws.isEnterpriseInstall ?? false,
    } as Parameters<RedisInstallationStore["fetchInstallation"]>[0]);
    const token = installation.bot?.token;
    if (!token) {
      logger.warn({ workspace: key }, "installation has no bot token: alerts cannot be posted");
      throw new Error(`no bot token for workspace ${key}`);
    }
    const poster = WebApiPoster.fromToken(token, options);
    cache.set(key, poster);
    return poster;
  };
}
