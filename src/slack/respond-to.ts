import { STATUS_CODES } from "node:http";
import { type RespondArguments, RespondError } from "@slack/bolt";
import { Agent, request } from "undici";

// Bolt's respond() posts through the global fetch (WHATWG streams, the Request cloned and its body teed):
// a visible share of the bot's CPU per `/uptime status` (docs/benchmarks.md). One small JSON POST
// needs none of that. Idle sockets of the pool are unref'd by undici, so this never holds the process open.
// Slack answers a response_url POST quickly or not at all: 5 s bounds a stuck one (undici's default is
// 300 s), so that it cannot hold a shutdown past its drain time.
const RESPONSE_URL_TIMEOUT_MS = 5000;
const responseUrls = new Agent({
  keepAliveTimeout: 4000,
  headersTimeout: RESPONSE_URL_TIMEOUT_MS,
  bodyTimeout: RESPONSE_URL_TIMEOUT_MS,
});

/**
 * Bolt's respond() contract over undici's request(): POSTs the message as JSON to the response_url and
 * throws RespondError (as Bolt does) when Slack refuses it, so failures still reach the error handling.
 */
export function respondTo(responseUrl: string): (message: string | RespondArguments) => Promise<void> {
  return async (message) => {
    const res = await request(responseUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(typeof message === "string" ? { text: message } : message),
      dispatcher: responseUrls,
    });
    // Read every body: an unread one keeps its socket out of the pool.
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) {
      throw new RespondError(
        `Failed to respond to the response_url: ${res.statusCode} ${STATUS_CODES[res.statusCode] ?? ""}`.trim(),
        res.statusCode,
      );
    }
  };
}
