/**
 * The playground's canvases (the fake Slack keeps their markdown): listed in the page's sidebar, each opened
 * as its own HTML document, as Slack opens a canvas beside the conversation.
 */
import type { FakeSlackState } from "../fake-slack/state";
import { renderCanvasMarkdown } from "./render/canvas-markdown";
import { escapeHtml } from "./render/escape-html";

export interface PlaygroundCanvas {
  id: string;
  title: string;
}

export function canvasList(state: FakeSlackState): PlaygroundCanvas[] {
  return [...state.canvases.values()].map((c) => ({ id: c.id, title: c.title }));
}

/** The canvas as a standalone document, or undefined when there is no such canvas. */
export function canvasDocument(state: FakeSlackState, id: string): string | undefined {
  const canvas = state.canvases.get(id);
  if (!canvas) return undefined;
  const body = renderCanvasMarkdown(canvas.markdown, {
    user: (userId) => state.users.get(userId)?.name ?? userId,
    channel: (channelId) => state.conversations.get(channelId)?.name ?? channelId,
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(canvas.title)}</title>
<link rel="stylesheet" href="/app.css">
</head>
<body class="canvas-page">
<article class="canvas-document" data-testid="canvas-document" data-canvas="${escapeHtml(canvas.id)}">
${body}
</article>
</body>
</html>
`;
}
