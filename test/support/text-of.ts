/** Every text of a Block Kit message, flattened, for assertions that should not depend on layout. */
export function textOf(message: { text?: string; blocks?: unknown[]; attachments?: unknown[] }): string {
  const out: string[] = [message.text ?? ""];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "text" && typeof value === "string") out.push(value);
        else walk(value);
      }
    }
  };
  walk(message.blocks ?? []);
  walk(message.attachments ?? []);
  return out.join("\n");
}
