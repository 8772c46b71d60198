import type { RespondArguments } from "@slack/bolt";
import type { KnownBlock } from "@slack/types";
import type { WebClient } from "@slack/web-api";
import { sleep } from "../../lib/backoff";
import type { Logger } from "../../lib/logger";
import { uploadFile } from "../../slack/upload-file";
import { chartImageBlock } from "../../ui/charts/chart-image-block";
import { ChartRefused, type ChartRenderer } from "../../ui/charts/chart-renderer";
import { chartSkippedBlock } from "../../ui/charts/chart-skipped";
import type { ChartPng } from "../../ui/charts/render-chart-png";
import { blocks as blockIds } from "../../ui/ids";
import type { Rendered } from "../../ui/reply";

export interface ChartToAttach {
  /** The ECharts option (ui/charts/chart-options.ts). */
  option: Parameters<ChartRenderer["render"]>[0];
  altText: string;
  title: string;
  filename: string;
}

export interface AttachChartRequest {
  client: WebClient;
  /** The bot's chart worker pool (bot/start-bot.ts). */
  charts: ChartRenderer;
  /** The asker: the chart is shared to their DM with the app so that they may see it (see below). */
  userId: string;
  /** The asker's key among the renderer's owners (their charts in flight are bounded): workspace and user. */
  personKey: string;
  /** The ephemeral answer already sent; it is replaced by the same answer with the chart under it. */
  answer: Rendered;
  respond: (message: RespondArguments) => Promise<unknown>;
  logger: Logger;
}

/** Slack processes an upload before blocks may name it; a few short waits cover it (attempts, ms apart). */
const SHOW_ATTEMPTS = 4;
const SHOW_WAIT_MS = 500;

/**
 * Adds a chart to an ephemeral answer that was already sent: render, upload (src/slack/upload-file.ts),
 * then replace the answer with itself plus an image block.
 *
 * Slack shows a `slack_file` only to people with access to the file, and a file uploaded without a
 * channel is private to the app. An ephemeral answer has one reader, so the file is shared to that
 * reader's DM with the app: they keep a copy there, and nobody else sees it.
 *
 * Never costs the answer: the text is already there, and any failure (render, upload, Slack refusing the
 * blocks) is a log line with the reason. A chart the renderer refuses (many charts at once, too slow: issue
 * 36) also adds one sentence under the answer that says so. Returns the file id when the chart was shown.
 */
export async function attachChart(req: AttachChartRequest, chart: ChartToAttach): Promise<string | null> {
  let png: ChartPng;
  try {
    png = await req.charts.render(chart.option, undefined, undefined, { person: req.personKey });
  } catch (err) {
    req.logger.warn({ err: reason(err), chart: chart.filename }, "chart not shown: rendering failed");
    if (err instanceof ChartRefused) await sayChartSkipped(req, chartSkippedBlock(err.reason));
    return null;
  }
  let fileId: string;
  try {
    fileId = await uploadToDm(req.client, req.userId, png.png, chart);
  } catch (err) {
    req.logger.warn({ err: reason(err), chart: chart.filename }, "chart not shown: upload failed");
    return null;
  }
  const blocks = withChart(req.answer.blocks ?? [], chartImageBlock(fileId, chart.altText, chart.title));
  for (let attempt = 1; attempt <= SHOW_ATTEMPTS; attempt++) {
    try {
      await req.respond({
        replace_original: true,
        response_type: "ephemeral",
        text: req.answer.text,
        blocks,
      });
      return fileId;
    } catch (err) {
      if (attempt === SHOW_ATTEMPTS) {
        req.logger.warn({ err: reason(err), fileId }, "chart not shown: Slack refused the image block");
        return null;
      }
      await sleep(SHOW_WAIT_MS);
    }
  }
  return null;
}

/** The answer again, with the sentence that says why it has no chart; a refusal of it is only logged. */
async function sayChartSkipped(req: AttachChartRequest, sentence: KnownBlock): Promise<void> {
  try {
    await req.respond({
      replace_original: true,
      response_type: "ephemeral",
      text: req.answer.text,
      blocks: withChart(req.answer.blocks ?? [], sentence),
    });
  } catch (err) {
    req.logger.warn({ err: reason(err) }, "could not say that the chart was skipped");
  }
}

/** The image under the answer's text, above its Share in channel button: the button acts on all of it. */
function withChart(blocks: KnownBlock[], image: KnownBlock): KnownBlock[] {
  const share = blocks.findIndex((b) => b.block_id === blockIds.share);
  return share === -1 ? [...blocks, image] : [...blocks.slice(0, share), image, ...blocks.slice(share)];
}

async function uploadToDm(
  client: WebClient,
  userId: string,
  png: Buffer,
  chart: ChartToAttach,
): Promise<string> {
  const dm = await client.conversations.open({ users: userId });
  const channelId = dm.channel?.id;
  if (!channelId) throw new Error("conversations.open returned no channel");
  const { fileId } = await uploadFile(client, {
    channel: channelId,
    filename: chart.filename,
    title: chart.title,
    altText: chart.altText,
    bytes: png,
    contentType: "image/png",
  });
  return fileId;
}

function reason(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
