import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "./errors";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/** Reads the body up to `limit` bytes; beyond it, 413 (and the connection closes after the answer). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (e) => {
      if (!failed) reject(e);
      failed = true;
    });
  });
}

const tooLarge = (limit: number) =>
  new ApiError(413, `The body is larger than ${Math.round(limit / 1024)} KiB`, {
    headers: { Connection: "close" },
  });

/** Parses a JSON body; a Content-Type other than JSON is 415 and unparsable JSON 400 (A1). */
export function parseJsonBody(req: IncomingMessage, raw: Buffer, strictType: boolean): unknown {
  const type = req.headers["content-type"];
  if (strictType && (type === undefined ? raw.length > 0 : !JSON_TYPE.test(type))) {
    throw new ApiError(415, "Send the body as application/json");
  }
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ApiError(400, "The body is not valid JSON");
  }
}

export function send(
  res: ServerResponse,
  status: number,
  body: Buffer | string | null,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (body === null) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  res.writeHead(status, {
    "Content-Type": JSON_CONTENT_TYPE,
    "Content-Length": String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}
