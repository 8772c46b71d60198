import type { Dispatcher } from "undici";
import { errors } from "undici";
import type { ResponseHeaders } from "./errors";

/** A response read to its end: status, headers and the body's bytes (bodyText() reads them as text). */
export interface WholeResponse {
  statusCode: number;
  headers: ResponseHeaders;
  body: Buffer;
}

const EMPTY = Buffer.alloc(0);
const NO_HEADERS: ResponseHeaders = Object.freeze({});

/** UTF-8 without a byte order mark, as undici's `body.text()` decodes it. */
export function bodyText(body: Buffer): string {
  const bom = body.length > 2 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
  return body.toString("utf8", bom ? 3 : 0);
}

type WholeRequest = Omit<Dispatcher.DispatchOptions, "signal">;

/**
 * Sends one request through `dispatcher` and reads its body whole, as `request()` followed by
 * `body.arrayBuffer()` does, without the Readable stream, async resource and promise chain that
 * `request()` makes for each response, a cost every quiet poll paid (measured in docs/benchmarks.md). The same errors reach
 * the caller: undici's timeouts, size cap and socket errors, and the signal's reason (or
 * RequestAbortedError) when it fires.
 */
export function requestWhole(
  dispatcher: Dispatcher,
  request: WholeRequest,
  signal?: AbortSignal,
): Promise<WholeResponse> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(request, new WholeResponseHandler(resolve, reject, signal));
  });
}

class WholeResponseHandler implements Dispatcher.DispatchHandler {
  #statusCode = 0;
  #headers: ResponseHeaders = NO_HEADERS;
  #chunks: Buffer[] = [];
  #length = 0;
  #controller: Dispatcher.DispatchController | null = null;
  #settled = false;
  readonly #resolve: (response: WholeResponse) => void;
  readonly #reject: (error: unknown) => void;
  readonly #signal: AbortSignal | undefined;
  /** Made only when there is a signal: most requests have none, and a closure each is not free. */
  readonly #onAbort: (() => void) | undefined;

  constructor(
    resolve: (response: WholeResponse) => void,
    reject: (error: unknown) => void,
    signal: AbortSignal | undefined,
  ) {
    this.#resolve = resolve;
    this.#reject = reject;
    this.#signal = signal;
    if (signal) {
      // Before the request started, onRequestStart aborts it; after it ended, there is nothing to abort.
      this.#onAbort = () => {
        if (this.#controller && !this.#settled) this.#controller.abort(abortReason(signal));
      };
      signal.addEventListener("abort", this.#onAbort);
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#signal?.aborted) controller.abort(abortReason(this.#signal));
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
  ): void {
    // A 1xx is followed by the real answer's headers.
    if (statusCode < 200) return;
    this.#statusCode = statusCode;
    this.#headers = headers;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
  }

  onResponseEnd(): void {
    if (this.#settle())
      this.#resolve({ statusCode: this.#statusCode, headers: this.#headers, body: this.#body() });
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.#settle()) this.#reject(error);
  }

  #settle(): boolean {
    if (this.#settled) return false;
    this.#settled = true;
    if (this.#onAbort) this.#signal?.removeEventListener("abort", this.#onAbort);
    return true;
  }

  #body(): Buffer {
    const chunks = this.#chunks;
    if (chunks.length === 0) return EMPTY;
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#length);
  }
}

/** The signal's reason as the error, whatever it is, as undici's `request()` passes it on. */
function abortReason(signal: AbortSignal): Error {
  return (signal.reason ?? new errors.RequestAbortedError()) as Error;
}
