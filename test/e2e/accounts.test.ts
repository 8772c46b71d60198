import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { actions, blocks } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";
import { ephemeralMatching, loginModal, loginThroughModal, tokenValues } from "./login-helper";

const hasLinkButton = (message: { blocks?: unknown[] }) =>
  JSON.stringify(message.blocks ?? []).includes(`"action_id":"${actions.linkAccount}"`);

describe("accounts: login, whoami, team, logout, stale links, uninstall", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => stack?.close());

  it("shows a refused token inline in the modal and keeps it open", async () => {
    const result = await loginThroughModal(stack, "U0BOB", "not-a-real-token");
    expect(result.outcome).toBe("errors");
    expect(result.errors?.[blocks.login.token]).toMatch(/didn't accept this token/);
    const view = stack.slack.state.topModal("U0BOB");
    expect(view?.callback_id).toBe("login");
    expect(stack.slack.state.viewErrors.get(view!.id)?.[blocks.login.token]).toMatch(/token/);
    const whoami = await stack.command("U0BOB", "whoami");
    expect(textOf(whoami)).toMatch(/isn't linked/);
    expect(hasLinkButton(whoami)).toBe(true);
  });

  it("says the service didn't answer when verification fails with 5xx, and the same modal can be resubmitted", async () => {
    stack.slack.state.clearModals("U0BOB");
    await stack.slack.sender.slashCommand({ userId: "U0BOB", channelId: "C0GENERAL", text: "login" });
    const view = await loginModal(stack, "U0BOB");
    // The connection dropped (no answer at all), more often than the client retries.
    stack.simulator.control.setFault({ status: 0, count: 3 });
    const dropped = await stack.slack.sender.viewSubmission({
      userId: "U0BOB",
      viewId: view.id,
      values: tokenValues(DEMO_TOKENS.member),
    });
    stack.simulator.control.clearFaults();
    expect(dropped.errors?.[blocks.login.token]).toMatch(/didn't answer in time/);
    // More 503s than the client retries within the verification budget.
    stack.simulator.control.setFault({ status: 503, count: 3 });
    const failed = await stack.slack.sender.viewSubmission({
      userId: "U0BOB",
      viewId: view.id,
      values: tokenValues(DEMO_TOKENS.member),
    });
    stack.simulator.control.clearFaults();
    expect(failed.outcome).toBe("errors");
    expect(failed.errors?.[blocks.login.token]).toMatch(/trouble|didn't answer/);
    const retried = await stack.slack.sender.viewSubmission({
      userId: "U0BOB",
      viewId: view.id,
      values: tokenValues(DEMO_TOKENS.member),
    });
    expect(retried.outcome).toBe("closed");
    const confirmation = await ephemeralMatching(stack, "U0BOB", "C0GENERAL", /now linked/);
    expect(textOf(confirmation)).toContain("Max Member");
  });

  it("links a good token, confirms ephemerally without echoing it, and whoami shows Olivia with both teams", async () => {
    const result = await loginThroughModal(stack, "U0ALICE", `  ${DEMO_TOKENS.owner}\n`);
    expect(result.outcome).toBe("closed");
    const confirmation = await ephemeralMatching(stack, "U0ALICE", "C0GENERAL", /now linked/);
    expect(textOf(confirmation)).toContain("Olivia Owner");
    expect(textOf(confirmation)).toContain("Acme Production");

    const whoami = textOf(await stack.command("U0ALICE", "whoami"));
    expect(whoami).toContain("Olivia Owner");
    expect(whoami).toContain("olivia@acme.example.com");
    expect(whoami).toMatch(/Acme Production\*.*owner.*active/);
    expect(whoami).toMatch(/Acme Staging\*.*regular/);

    // The token never travels back to Slack: not in messages or views, nor in anything the bot sent.
    expect(JSON.stringify(stack.slack.state.snapshot())).not.toContain(DEMO_TOKENS.owner);
    expect(JSON.stringify(stack.slack.state.calls.map((call) => call.args))).not.toContain(DEMO_TOKENS.owner);
    expect(JSON.stringify(stack.slack.state.responseUrlPosts)).not.toContain(DEMO_TOKENS.owner);
  });

  it("lists teams with a select, switches by name, suggests on a miss, and the select chooses", async () => {
    const list = await stack.command("U0ALICE", "team");
    expect(textOf(list)).toMatch(/Acme Production.*active/);
    expect(JSON.stringify(list.blocks)).toContain(actions.teamSelect);

    const chosen = textOf(await stack.command("U0ALICE", "team acme staging"));
    expect(chosen).toMatch(/active team is now \*Acme Staging\*/);
    expect(textOf(await stack.command("U0ALICE", "whoami"))).toMatch(/Acme Staging\*.*active/);

    const miss = textOf(await stack.command("U0ALICE", "team Acme Prodcution"));
    expect(miss).toMatch(/not a member of a team matching/);
    expect(miss).toContain("Did you mean *Acme Production*");

    const listed = await stack.command("U0ALICE", "team");
    const before = stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL").length;
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "ephemeral", channel: "C0GENERAL", ts: listed.ts },
      actions: [
        {
          action_id: actions.teamSelect,
          type: "static_select",
          selected_option: { text: { type: "plain_text", text: "Acme Production" }, value: "1" },
        },
      ],
    });
    // replace_original: the list is redrawn in place with the new choice.
    const redrawn = await waitFor(stack.slack.events, () => {
      const m = stack.slack.state.findEphemeral("C0GENERAL", listed.ts);
      return m && /now \*Acme Production\*/.test(m.text) ? m : undefined;
    });
    expect(textOf(redrawn)).toMatch(/Acme Production/);
    expect(stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL").length).toBe(before);
  });

  it("re-reads the teams on /uptime team: a team joined after login appears and can be chosen", async () => {
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.member);
    expect(textOf(await stack.command("U0CAROL", "team"))).not.toContain("Acme Staging");
    stack.simulator.control.addMember(2, DEMO_TOKENS.member, "regular");
    expect(textOf(await stack.command("U0CAROL", "team"))).toContain("Acme Staging");
    expect(textOf(await stack.command("U0CAROL", "team staging"))).toMatch(
      /active team is now \*Acme Staging\*/,
    );
  });

  it("logs out, and whoami then says not linked", async () => {
    await stack.command("U0BOB", "logout").then((reply) => expect(textOf(reply)).toMatch(/unlinked/));
    expect(textOf(await stack.command("U0BOB", "whoami"))).toMatch(/isn't linked/);
    expect(textOf(await stack.command("U0BOB", "logout"))).toMatch(/nothing to forget/);
  });

  it("a token that later answers 401 marks the link stale and asks to link again with a Link button", async () => {
    const seeded = stack.simulator.control.seed({
      teams: [
        {
          name: "Temp Team",
          users: [{ firstName: "Carol", token: "carol-temp-token", role: "owner", password: "pw-carol" }],
        },
      ],
    });
    expect(seeded.teams[0]?.users[0]?.token).toBe("carol-temp-token");
    expect((await loginThroughModal(stack, "U0CAROL", "carol-temp-token")).outcome).toBe("closed");
    await ephemeralMatching(stack, "U0CAROL", "C0GENERAL", /now linked/);

    // Carol deletes her account outside Slack: the token now answers 401.
    const deleted = await fetch(`${stack.simulator.url}/users/me`, {
      method: "DELETE",
      headers: { authorization: "Bearer carol-temp-token", "content-type": "application/vnd.api+json" },
      body: JSON.stringify({ data: { type: "users", attributes: { password: "pw-carol" } } }),
    });
    expect(deleted.status).toBe(202);

    const ack = await stack.command("U0CAROL", "ack 1");
    expect(textOf(ack)).toMatch(/no longer accepted/);
    expect(hasLinkButton(ack)).toBe(true);
    const whoami = await stack.command("U0CAROL", "whoami");
    expect(textOf(whoami)).toMatch(/no longer accepted/);
    expect(hasLinkButton(whoami)).toBe(true);
  });

  it("the Link button opens the login modal", async () => {
    const whoami = await stack.command("U0CAROL", "whoami");
    stack.slack.state.clearModals("U0CAROL");
    await stack.slack.sender.blockAction({
      userId: "U0CAROL",
      container: { type: "ephemeral", channel: "C0GENERAL", ts: whoami.ts },
      actions: [{ action_id: actions.linkAccount }],
    });
    const view = await loginModal(stack, "U0CAROL");
    expect(view.blocks.some((b) => (b as { block_id?: string }).block_id === blocks.login.token)).toBe(true);
    // Linking again through it replaces the whoami message with the confirmation (response_url).
    const result = await stack.slack.sender.viewSubmission({
      userId: "U0CAROL",
      viewId: view.id,
      values: tokenValues(DEMO_TOKENS.stagingOwner),
    });
    expect(result.outcome).toBe("closed");
    await waitFor(stack.slack.events, () =>
      /now linked as \*Stan Staging\*/.test(
        stack.slack.state.findEphemeral("C0GENERAL", whoami.ts)?.text ?? "",
      ),
    );
  });

  it("tokens_revoked removes the links of the users named", async () => {
    expect(textOf(await stack.command("U0CAROL", "whoami"))).toContain("Stan Staging");
    await stack.slack.sender.event({ type: "tokens_revoked", tokens: { oauth: ["U0CAROL"], bot: [] } });
    let text = "";
    for (let i = 0; i < 20 && !/isn't linked/.test(text); i++) {
      text = textOf(await stack.command("U0CAROL", "whoami"));
    }
    expect(text).toMatch(/isn't linked/);
    expect(textOf(await stack.command("U0ALICE", "whoami"))).toContain("Olivia Owner");
  });

  it("app_uninstalled removes every link of the workspace", async () => {
    expect(textOf(await stack.command("U0ALICE", "whoami"))).toContain("Olivia Owner");
    const result = await stack.slack.sender.event({ type: "app_uninstalled" });
    expect(result.status).toBe(200);
    // The event is handled after the ack: poll whoami until the link is gone.
    let text = "";
    for (let i = 0; i < 20 && !/isn't linked/.test(text); i++) {
      text = textOf(await stack.command("U0ALICE", "whoami"));
    }
    expect(text).toMatch(/isn't linked/);
  });
});
