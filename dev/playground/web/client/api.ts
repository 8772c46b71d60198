/** The playground server's JSON endpoints, as the page calls them. */
import type {
  ActionRequest,
  ApiAnswer,
  Bootstrap,
  ConversationState,
  PlaygroundMonitor,
  ThreadState,
  ViewsState,
} from "../api-types";

async function getJson<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const url = `${path}?${new URLSearchParams(query).toString()}`;
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

async function postJson(path: string, body: unknown): Promise<ApiAnswer> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  try {
    return (await response.json()) as ApiAnswer;
  } catch {
    return { ok: false, error: `${path} answered ${response.status}` };
  }
}

export const api = {
  bootstrap: () => getJson<Bootstrap>("/api/bootstrap"),
  conversation: (channel: string, user: string) =>
    getJson<ConversationState>("/api/conversation", { channel, user }),
  thread: (channel: string, ts: string, user: string) =>
    getJson<ThreadState>("/api/thread", { channel, ts, user }),
  views: (user: string) => getJson<ViewsState>("/api/views", { user }),
  monitors: () => getJson<{ monitors: PlaygroundMonitor[] }>("/api/monitors"),
  command: (user: string, channel: string, text: string) => postJson("/api/command", { user, channel, text }),
  message: (user: string, channel: string, text: string, threadTs?: string) =>
    postJson("/api/message", { user, channel, text, ...(threadTs ? { threadTs } : {}) }),
  action: (request: ActionRequest) => postJson("/api/action", request),
  submit: (user: string, viewId: string, values: unknown) =>
    postJson("/api/submit", { user, viewId, values }),
  close: (user: string, viewId: string, isCleared: boolean) =>
    postJson("/api/close", { user, viewId, isCleared }),
  suggest: (body: {
    user: string;
    viewId?: string;
    channel?: string;
    ts?: string;
    actionId: string;
    blockId: string;
    value: string;
  }) => postJson("/api/suggest", body),
  shortcut: (user: string, channel: string, ts: string, callbackId: string) =>
    postJson("/api/shortcut", { user, channel, ts, callbackId }),
  homeOpened: (user: string) => postJson("/api/home-opened", { user }),
  breakMonitor: (monitorId: number) => postJson("/api/break", { monitorId }),
  recoverMonitor: (monitorId: number) => postJson("/api/recover", { monitorId }),
  slowMonitor: (monitorId: number) => postJson("/api/slow", { monitorId }),
  storm: () => postJson("/api/storm", {}),
  recoverAll: () => postJson("/api/recover-all", {}),
};
