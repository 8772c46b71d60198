import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { RespondError } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { respondTo } from "../../../src/slack/respond-to";

// A real HTTP server stands in for Slack's response_url: /ok accepts, /expired answers 404 like Slack does.
const received: { path: string; contentType: string | undefined; body: unknown }[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let text = "";
  for await (const chunk of req) text += chunk;
  received.push({ path: req.url ?? "", contentType: req.headers["content-type"], body: JSON.parse(text) });
  res.writeHead(req.url === "/ok" ? 200 : 404).end(req.url === "/ok" ? "ok" : "expired_url");
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("respondTo", () => {
  it("posts the message as JSON, a string as { text }", async () => {
    received.length = 0;
    await respondTo(`${base}/ok`)({ response_type: "ephemeral", text: "hello" });
    await respondTo(`${base}/ok`)("plain");
    expect(received).toEqual([
      { path: "/ok", contentType: "application/json", body: { response_type: "ephemeral", text: "hello" } },
      { path: "/ok", contentType: "application/json", body: { text: "plain" } },
    ]);
  });

  it("throws Bolt's RespondError with the status when the response_url refuses", async () => {
    const error = await respondTo(`${base}/expired`)({ text: "late" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RespondError);
    expect((error as RespondError).statusCode).toBe(404);
    expect((error as RespondError).message).toBe("Failed to respond to the response_url: 404 Not Found");
  });
});
