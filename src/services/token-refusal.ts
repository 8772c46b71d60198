import type { UserRef } from "../domain/workspace-ref";
import { AuthenticationError } from "../uptime";
import { RequestRefusedError, StaleLinkError } from "./errors";
import type { ServiceDeps } from "./service-deps";

/** How long the confirming `GET /users/me` may take: it runs inside an interaction's answer. */
const CONFIRM_TIMEOUT_MS = 2_000;

/**
 * The one token policy of the interactive paths (docs/alerts.md "What the bot does with your token"): a 401 is a
 * suspicion, not a verdict. A deploy of the service's login layer may answer 401 to any call for a while;
 * only `GET /users/me` answering 401 with that very token confirms that the token itself is refused. A
 * confirmed refusal drops the token (compare-and-set: a login made meanwhile is kept) and becomes
 * StaleLinkError; anything else (`/users/me` works, fails otherwise or is slow) leaves the link alone and
 * becomes RequestRefusedError: the person is told the API refused this one request, and to try again.
 */
export async function refusedTokenError(
  deps: Pick<ServiceDeps, "uptime" | "links" | "logger">,
  ref: UserRef,
  token: string,
): Promise<StaleLinkError | RequestRefusedError> {
  if (!(await meRefuses(deps, token))) {
    deps.logger.warn(
      { userId: ref.userId },
      "the Uptime API refused a request, but not GET /users/me: kept linked",
    );
    return new RequestRefusedError();
  }
  const dropped = await deps.links.dropRefusedToken(ref, token);
  deps.logger.warn({ userId: ref.userId, dropped }, "GET /users/me confirmed the token is refused (401)");
  return new StaleLinkError();
}

async function meRefuses(deps: Pick<ServiceDeps, "uptime">, token: string): Promise<boolean> {
  try {
    await deps.uptime.as(token).users.me({ signal: AbortSignal.timeout(CONFIRM_TIMEOUT_MS) });
    return false;
  } catch (error) {
    return error instanceof AuthenticationError;
  }
}
