import type { StaticSelectAction } from "@slack/bolt";
import { describe, expect, it, vi } from "vitest";
import { teamSelectAction } from "../../../../src/listeners/actions/team-select-action";
import type { ActionArgs } from "../../../../src/listeners/handle-interaction";
import { NotLinkedError } from "../../../../src/services/errors";
import { actionArgs, fakeDeps, userRef } from "../helpers";

const select = (value: string) =>
  actionArgs<ActionArgs<StaticSelectAction>>({ body: { actions: [{ selected_option: { value } }] } });

describe("teamSelectAction", () => {
  it("chooses the selected team for the clicker", async () => {
    const chooseTeam = vi.fn(async () => {
      throw new NotLinkedError();
    });
    const { args, ack, respond } = select("7");
    await teamSelectAction(fakeDeps({ chooseTeam }))(args);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(chooseTeam).toHaveBeenCalledWith(userRef("U0ALICE"), "7");
    expect(respond.mock.calls[0]![0]).toMatchObject({
      replace_original: false,
      text: expect.stringMatching(/haven't linked/),
    });
    expect(JSON.stringify(respond.mock.calls[0]![0].blocks)).toMatch(/Link account/);
  });
});
