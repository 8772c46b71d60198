import { describe, expect, it } from "vitest";
import type { ApiCallRecord } from "../../../dev/playground/fake-slack/types";
import { auditSlackPayloads } from "../../support/slack-payload-audit";

const call = (method: string, args: Record<string, unknown>): ApiCallRecord => ({
  method,
  args,
  at: 0,
  status: 200,
  result: { ok: true },
});
const section = (text: string) => ({ type: "section", text: { type: "mrkdwn", text } });
const button = (text: string) => ({
  type: "actions",
  elements: [{ type: "button", action_id: "a", text: { type: "plain_text", text } }],
});

describe("auditSlackPayloads", () => {
  it("finds nothing in payloads within Block Kit's limits", () => {
    expect(
      auditSlackPayloads({
        calls: [
          call("chat.postMessage", { channel: "C1", text: "hi", blocks: JSON.stringify([section("hi")]) }),
          call("views.publish", {
            user_id: "U1",
            view: JSON.stringify({ type: "home", blocks: [section("x")] }),
          }),
        ],
        responseUrlPosts: [{ id: "r1", at: 0, status: 200, body: { text: "ok", blocks: [button("Open")] } }],
        violations: [],
      }),
    ).toEqual([]);
  });

  it("names each payload over a limit: blocks as WebClient sends them (JSON text), views and response_url messages", () => {
    const problems = auditSlackPayloads({
      calls: [
        call("chat.update", {
          channel: "C1",
          ts: "1.2",
          text: "x",
          blocks: JSON.stringify(Array(51).fill(section("x"))),
        }),
        call("views.open", {
          trigger_id: "t",
          view: JSON.stringify({
            type: "modal",
            title: { type: "plain_text", text: "A title far over 24 chars" },
            blocks: [],
          }),
        }),
      ],
      responseUrlPosts: [
        { id: "r1", at: 0, status: 200, body: { text: "x", blocks: [button("b".repeat(76))] } },
      ],
      violations: [],
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^chat\.update #0: /);
    expect(problems[1]).toMatch(/^views\.open #1: .*title/);
    expect(problems[2]).toMatch(/^response_url r1: /);
  });

  it("reports the fake's contract violations, refused or recorded", () => {
    expect(
      auditSlackPayloads({
        calls: [],
        responseUrlPosts: [],
        violations: [
          {
            contract: "chat.postMessage",
            problems: ["[ERROR] unknown field: colour [json-pointer:/]"],
            refused: false,
            at: 0,
          },
        ],
      }),
    ).toEqual(["chat.postMessage recorded: [ERROR] unknown field: colour [json-pointer:/]"]);
  });
});
