/** Escapes text for HTML element content and quoted attribute values (both quote kinds). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * Slack escapes exactly three characters in message text (&amp; &lt; &gt;, its "Escaping text" rules): they
 * are turned back into characters before the text is escaped again for HTML, so "&lt;b&gt;" shows as "<b>".
 */
export function decodeSlackEntities(text: string): string {
  return text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
