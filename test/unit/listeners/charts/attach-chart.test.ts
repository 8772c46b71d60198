// attachChart when the chart renderer refuses a chart (issue 36): the answer stays whole and says why in
// one sentence, asker-only, above its Share button; nothing is uploaded.
import { describe, expect, it, vi } from "vitest";
import { silentLogger } from "../../../../src/lib/logger";
import { attachChart } from "../../../../src/listeners/charts/attach-chart";
import { ChartRefused, type ChartRenderer } from "../../../../src/ui/charts/chart-renderer";
import { blocks } from "../../../../src/ui/ids";
import { renderSharedCopy } from "../../../../src/ui/render-shared-copy";
import { textOf } from "../../../support/text-of";

const answer = {
  text: "Availability of Blog (24h): 99.9%",
  blocks: [
    { type: "section" as const, text: { type: "mrkdwn" as const, text: "*Availability*\n99.9%" } },
    { type: "actions" as const, block_id: blocks.share, elements: [] },
  ],
};
const chart = { option: {}, altText: "alt", title: "Availability of Blog (24h)", filename: "a.png" };

function request(refusal: Error) {
  const charts: ChartRenderer = {
    render: vi.fn(async () => {
      throw refusal;
    }),
    stats: () => ({ workers: 0, busy: 0, queued: 0, replaced: 0 }),
    close: async () => {},
  };
  const client = { conversations: { open: vi.fn() }, files: {} };
  const respond = vi.fn(async (_message: Record<string, unknown>) => {});
  const logger = { ...silentLogger, warn: vi.fn() };
  return { charts, client, respond, logger, userId: "U0ALICE", answer };
}

describe("attachChart when the renderer refuses", () => {
  it("keeps the answer and says in one sentence that the chart was skipped, uploading nothing", async () => {
    const req = request(new ChartRefused("busy", "8 jobs already wait"));
    // biome-ignore lint/suspicious/noExplicitAny: the fakes stand in for Slack's client and Bolt's respond
    expect(await attachChart(req as any, chart)).toBeNull();
    expect(req.client.conversations.open).not.toHaveBeenCalled();
    expect(req.respond).toHaveBeenCalledTimes(1);
    const sent = req.respond.mock.calls[0]![0] as {
      replace_original: boolean;
      text: string;
      blocks: { block_id?: string }[];
    };
    expect(sent.replace_original).toBe(true);
    expect(sent.text).toBe(answer.text);
    expect(sent.blocks.map((b) => b.block_id)).toEqual([undefined, blocks.chartSkipped, blocks.share]);
    expect(textOf(sent)).toContain("Chart skipped: the bot is drawing many charts right now.");
    // The sentence is the asker's: a shared copy leaves it out with the chart.
    expect(textOf(renderSharedCopy(sent as never, "U0ALICE"))).not.toContain("Chart skipped");
  });

  it("says a too slow chart was skipped, in its own words", async () => {
    const req = request(new ChartRefused("timeout", "no answer within 5000 ms"));
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await attachChart(req as any, chart);
    expect(textOf(req.respond.mock.calls[0]![0])).toContain("Chart skipped: it took too long to draw.");
  });
});
