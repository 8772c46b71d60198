import { describe, expect, it } from "vitest";
import type { AcknowledgeOutcome } from "../../../src/services/acknowledge-incident";
import { deferredActionCodec, loginModalCodec } from "../../../src/ui/codecs";
import { actions, blocks } from "../../../src/ui/ids";
import { acknowledgeResultText, renderAcknowledgeResult } from "../../../src/ui/render-acknowledge-result";
import { renderLinkPrompt } from "../../../src/ui/render-link-prompt";
import { loginErrorText, renderLoginModal } from "../../../src/ui/render-login-modal";
import { renderTeamChosen, renderTeamList, renderTeamNoMatch } from "../../../src/ui/render-team-choice";
import { renderLinked, renderLoggedOut, renderWhoami } from "../../../src/ui/render-whoami";
import { checkBlockKitLimits } from "../../support/block-kit-limits";
import { hugeLink, LONG, link, NOW } from "./account-fixtures";

const outcome = (
  status: AcknowledgeOutcome["status"],
  monitorName: string | null = "Checkout API",
): AcknowledgeOutcome => ({
  status,
  incidentId: "42",
  apiTeamId: "1",
  monitorName,
  acknowledgedAt: new Date(NOW - 60_000),
  endedAt: new Date(NOW - 30_000),
});

describe("login modal", () => {
  it("has the token input and carries only the metadata it is given", () => {
    const privateMetadata = loginModalCodec.encode({
      channelId: "C0GENERAL",
      pending: { action: "ack", incidentId: "42", teamId: "1" },
    });
    const view = renderLoginModal({ privateMetadata, pendingIncidentId: "42" });
    expect(view).toMatchSnapshot();
    expect(view.blocks.find((b) => b.block_id === blocks.login.token)).toMatchObject({
      type: "input",
      element: { type: "plain_text_input", action_id: actions.login.token },
    });
    expect(checkBlockKitLimits("modal", { ...view })).toEqual([]);
  });

  it("maps each failure to an inline sentence", () => {
    expect(loginErrorText({ code: "service.invalid-token", reason: "rejected" })).toMatch(/didn't accept/);
    expect(loginErrorText({ code: "service.invalid-token", reason: "empty" })).toMatch(/Paste/);
    expect(loginErrorText({ code: "api.timeout" })).toMatch(/didn't answer in time/);
    expect(loginErrorText({ code: "api.server-error" })).toMatch(/trouble/);
    expect(loginErrorText(new Error("boom"))).toMatch(/submit again/);
  });
});

describe("whoami, linked, logout", () => {
  it("shows the linked user, teams with roles and the active team", () => {
    const rendered = renderWhoami(link);
    expect(rendered).toMatchSnapshot();
  });

  it("offers the Link button when not linked or stale", () => {
    for (const rendered of [renderWhoami(null), renderWhoami({ ...link, stale: true })]) {
      expect(JSON.stringify(rendered.blocks)).toContain(actions.linkAccount);
    }
    expect(renderWhoami({ ...link, stale: true }).text).toMatch(/no longer accepted/);
  });

  it("confirms a link with what became of the pending action", () => {
    expect(renderLinked(link, acknowledgeResultText(outcome("acknowledged")))).toMatchSnapshot();
    expect(renderLoggedOut(true).text).toMatch(/unlinked/);
    expect(renderLoggedOut(false).text).toMatch(/nothing to forget/);
  });

  it("stays inside message limits with 300 teams and 5,000-character names", () => {
    const huge = hugeLink(300);
    for (const rendered of [
      renderWhoami(huge),
      renderLinked(huge, LONG),
      renderWhoami({ ...huge, stale: true }),
    ]) {
      expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    }
    expect(renderWhoami(huge).blocks?.[1]).toMatchObject({
      text: { text: expect.stringMatching(/and 2\d\d more$/) },
    });
  });
});

describe("team choice", () => {
  it("lists teams with the active one marked and a preselected select", () => {
    const rendered = renderTeamList(link);
    expect(rendered).toMatchSnapshot();
  });

  it("confirms a choice and suggests on a miss", () => {
    expect(renderTeamChosen({ ...link, activeTeamId: "2" }, link.teams[1]!).text).toMatch(
      /now \*Acme Staging\*/,
    );
    const miss = renderTeamNoMatch(link, "Acme Prodcution", [link.teams[0]!]);
    expect(miss.text).toContain("Did you mean *Acme Production*?");
  });

  it("stays inside limits with 300 teams (at most 100 options) and long queries", () => {
    const huge = hugeLink(300);
    for (const rendered of [renderTeamList(huge), renderTeamNoMatch(huge, LONG, huge.teams.slice(0, 3))]) {
      expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
    }
  });
});

describe("acknowledge results and the Link prompt", () => {
  it("says acknowledged, already acknowledged, or already recovered", () => {
    expect(renderAcknowledgeResult(outcome("acknowledged"))).toMatchSnapshot();
    expect(acknowledgeResultText(outcome("already"))).toMatch(
      /^:information_source: Incident #42 \(Checkout API\) was already acknowledged <!date/,
    );
    expect(acknowledgeResultText(outcome("ended", null))).toMatch(
      /Incident #42 already recovered <!date.*nothing left/,
    );
    expect(acknowledgeResultText(outcome("acknowledged", "<!channel> & co"))).toContain(
      "&lt;!channel&gt; &amp; co",
    );
  });

  it("prompts to link with a Link button carrying the pending action", () => {
    const linkValue = deferredActionCodec.encode({ action: "ack", incidentId: "42", teamId: "1" });
    const rendered = renderLinkPrompt({ incidentId: "42", linkValue });
    expect(rendered).toMatchSnapshot();
    expect(renderLinkPrompt({ incidentId: "42", stale: true }).text).toMatch(/no longer accepted/);
    expect(checkBlockKitLimits("message", { ...rendered })).toEqual([]);
  });
});
