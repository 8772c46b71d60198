import type { WebClient } from "@slack/web-api";
import { request } from "undici";
import { SLACK_CALL_TIMEOUT_MS, slackCall } from "./slack-call";
import { SlackTransientError } from "./slack-errors";

export interface UploadFileInput {
  channel: string;
  threadTs?: string;
  filename: string;
  title: string;
  altText: string;
  bytes: Buffer;
  /** The upload POST's content type; default application/octet-stream. */
  contentType?: string;
}

/**
 * The bot's one file upload: Slack's external flow (files.getUploadURLExternal, POST to the URL it gives,
 * files.completeUploadExternal), sharing the file to `channel`, in the thread `threadTs` when given. A file
 * shared nowhere is private to the app, and Slack shows a `slack_file` only to people with access to the
 * file: the channel's members see it, nobody else. Resolves with the file id; fails with slack-errors.ts's
 * typed errors. Written here rather than with the SDK's filesUploadV2, which reads and retries as it sees
 * fit and reports its failures in its own shape.
 */
export async function uploadFile(client: WebClient, file: UploadFileInput): Promise<{ fileId: string }> {
  const url = await slackCall(() =>
    client.files.getUploadURLExternal({
      filename: file.filename,
      length: file.bytes.length,
      alt_text: file.altText,
    }),
  );
  if (!url.upload_url || !url.file_id)
    throw new SlackTransientError("no_upload_url_in_response", { reason: "response" });
  const res = await request(url.upload_url, {
    method: "POST",
    headers: { "content-type": file.contentType ?? "application/octet-stream" },
    body: file.bytes,
    headersTimeout: SLACK_CALL_TIMEOUT_MS,
    bodyTimeout: SLACK_CALL_TIMEOUT_MS,
  });
  // Read every body: an unread one keeps its socket out of the pool.
  await res.body.dump();
  if (res.statusCode !== 200)
    throw new SlackTransientError(`upload_http_${res.statusCode}`, { reason: "http" });
  const fileId = url.file_id;
  await slackCall(() =>
    client.files.completeUploadExternal({
      files: [{ id: fileId, title: file.title }],
      channel_id: file.channel,
      ...(file.threadTs ? { thread_ts: file.threadTs } : {}),
    }),
  );
  return { fileId };
}
