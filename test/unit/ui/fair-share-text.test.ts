import { describe, expect, it } from "vitest";
import { ApiBudgetError } from "../../../src/services/errors";
import { errorText } from "../../../src/ui/error-text";
import {
  apiBudgetSentence,
  fairShareSentence,
  renderFairShareRefusal,
  waitPhrase,
  withoutChartNote,
} from "../../../src/ui/fair-share-text";
import { blocks as blockIds } from "../../../src/ui/ids";

describe("fair share sentences", () => {
  it("says a wait in whole seconds, at least one, and in minutes past two", () => {
    expect(waitPhrase(1)).toBe("1 s");
    expect(waitPhrase(19_001)).toBe("20 s");
    expect(waitPhrase(119_000)).toBe("119 s");
    expect(waitPhrase(150_000)).toBe("3 min");
  });

  it("tells a person past their charts or commands when the next one comes", () => {
    expect(fairShareSentence("chart", 20_000)).toBe("You've asked for many charts; the next one in 20 s.");
    expect(fairShareSentence("command", 2_000)).toBe("You've sent many commands; the next one in 2 s.");
    const refusal = renderFairShareRefusal(6_500);
    expect(refusal.text).toBe("You've sent many commands; the next one in 7 s.");
    expect(JSON.stringify(refusal.blocks)).toContain("the next one in 7 s");
  });

  it("keeps an answer whole without its chart: the sentence goes above the Share button", () => {
    const share = { type: "actions" as const, block_id: blockIds.share, elements: [] };
    const data = { type: "section" as const, text: { type: "mrkdwn" as const, text: "99.9 %" } };
    const answer = withoutChartNote({ text: "Availability of Blog", blocks: [data, share] }, 20_000);
    expect(answer.text).toBe("Availability of Blog\nYou've asked for many charts; the next one in 20 s.");
    expect(answer.blocks?.[0]).toBe(data);
    expect(JSON.stringify(answer.blocks?.[1])).toContain(
      "You've asked for many charts; the next one in 20 s.",
    );
    expect(answer.blocks?.[2]).toBe(share);
    expect(withoutChartNote({ text: "x" }, 1000).blocks).toHaveLength(1);
  });

  it("says the API budget's refusal as one sentence with the wait", () => {
    expect(apiBudgetSentence(4_200)).toBe(
      "The Uptime API's rate limit for your token is nearly used up (the rest is kept for your alerts); try again in 5 s.",
    );
    const said = errorText(new ApiBudgetError(3_000));
    expect(said).toMatchObject({ unexpected: false, offerLink: false });
    expect(said.text).toContain("try again in 3 s");
  });
});
