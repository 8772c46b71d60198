import type { Bootstrap, PageMessage, PlaygroundMonitor, ThreadState, ViewsState } from "../api-types";
import type { RenderContext } from "../render/render-context";

export type Place = { kind: "channel"; id: string } | { kind: "home" };

/** Everything the page shows, as last fetched from the playground server. */
export interface AppState {
  boot: Bootstrap;
  /** The Slack user the page acts as (the user switcher). */
  user: string;
  place: Place;
  messages: PageMessage[];
  thread: { channel: string; ts: string } | null;
  threadState: ThreadState | null;
  views: ViewsState | null;
  monitors: PlaygroundMonitor[];
  /** Channels with messages the user has not looked at. */
  unread: Set<string>;
}

/** What the interaction handlers need from the page. */
export interface PageHost {
  app(): AppState;
  renderContext(): RenderContext;
  showNotice(text: string, isError?: boolean): void;
  openThread(channel: string, ts: string): Promise<void>;
}
