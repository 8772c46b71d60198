import { createHmac } from "node:crypto";

/** Slack's v0 request signature: "v0=" + hex(HMAC-SHA256(secret, "v0:" + timestamp + ":" + raw body)). */
export function slackSignature(secret: string, timestampSeconds: number, rawBody: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestampSeconds}:${rawBody}`).digest("hex")}`;
}

export function signedHeaders(
  secret: string,
  timestampSeconds: number,
  rawBody: string,
  contentType: string,
): Record<string, string> {
  return {
    "content-type": contentType,
    "user-agent": "Slackbot 1.0 (+https://api.slack.com/robots)",
    "x-slack-request-timestamp": String(timestampSeconds),
    "x-slack-signature": slackSignature(secret, timestampSeconds, rawBody),
  };
}
