import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Stack, startStack, textOf } from "../support/e2e-stack";

describe("/uptime help over signed HTTP", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.close());

  it("lists every subcommand with an example", async () => {
    const reply = await stack.command("U0ALICE", "help");
    const text = textOf(reply);
    for (const sub of ["login", "status", "monitors", "incidents", "availability", "create", "subscribe"]) {
      expect(text).toContain(`/uptime ${sub}`);
    }
  });

  it("answers anything it does not understand with help that says what was wrong", async () => {
    const reply = await stack.command("U0ALICE", "monitros --state sideways");
    expect(textOf(reply)).toMatch(/monitors/);
  });
});
