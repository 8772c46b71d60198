import { describe, expect, it, vi } from "vitest";
import type { ViewArgs } from "../../../../src/listeners/handle-interaction";
import { loginView } from "../../../../src/listeners/views/login-view";
import { InvalidTokenError } from "../../../../src/services/errors";
import { loginModalCodec } from "../../../../src/ui/codecs";
import { blocks } from "../../../../src/ui/ids";
import { fakeDeps, userRef, viewArgs } from "../helpers";

const link = {
  apiUserId: "3",
  apiUserName: "Alice",
  teams: [],
  activeTeamId: null,
  linkedAt: 0,
  stale: false,
};
const submit = (metadata: Parameters<typeof loginModalCodec.encode>[0]) =>
  viewArgs<ViewArgs>({
    privateMetadata: loginModalCodec.encode(metadata),
    values: { [blocks.login.token]: { [blocks.login.token]: { value: "tok-123" } } },
  });

describe("loginView", () => {
  it("keeps the modal open with a sentence next to the token when it is refused", async () => {
    const linkAccount = vi.fn(async () => {
      throw new InvalidTokenError("rejected");
    });
    const { args, ack } = submit({});
    await loginView(fakeDeps({ linkAccount }))(args);
    expect(linkAccount).toHaveBeenCalledWith(userRef("U0ALICE"), "tok-123");
    expect(ack).toHaveBeenCalledWith({
      response_action: "errors",
      errors: { [blocks.login.token]: expect.stringMatching(/didn't accept this token/) },
    });
  });

  it("closes the modal, completes what the user tried before and says both where they were", async () => {
    const completePendingActions = vi.fn(async () => [
      { kind: "pause" as const, monitorId: "9", error: new InvalidTokenError("rejected") },
    ]);
    const deps = fakeDeps({
      linkAccount: vi.fn(async () => link),
      completePendingActions,
      homeData: vi.fn(async () => ({ kind: "unlinked" as const })),
    });
    const { args, ack, client } = submit({
      channelId: "C0OPS",
      pending: { action: "pause", monitorId: "9" },
    });
    await loginView(deps)(args);
    expect(ack).toHaveBeenCalledWith();
    expect(completePendingActions).toHaveBeenCalledWith(userRef("U0ALICE"), {
      action: "pause",
      monitorId: "9",
    });
    const answer = client.chat.postEphemeral.mock.calls[0]![0] as unknown as {
      channel: string;
      text: string;
    };
    expect(answer.channel).toBe("C0OPS");
    expect(answer.text).toMatch(/now linked as \*Alice\*[\s\S]*Monitor 9 was not paused/);
    expect(client.views.publish).toHaveBeenCalledTimes(1);
  });
});
