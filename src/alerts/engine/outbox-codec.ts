import { jsonIssueText } from "../../lib/parse-json";
import type { AlertKind, KindEvent } from "./alert-kind";

export class OutboxEventError extends Error {
  override name = "OutboxEventError";
}

type Codec = NonNullable<AlertKind["codec"]>;

/** A type no kind reads is checked against the first kind's schema, so the dead letter says what is wrong. */
export function outboxDecoder(kinds: readonly AlertKind[]): (raw: string | undefined) => KindEvent {
  const byType = new Map<string, Codec>();
  for (const kind of kinds) for (const type of kind.types) if (kind.codec) byType.set(type, kind.codec);
  const [fallback] = byType.values();
  if (!fallback) throw new Error("no alert kind reads the outbox");
  return (raw) => {
    if (raw === undefined) throw new OutboxEventError("outbox entry has no event field");
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new OutboxEventError(jsonIssueText(fallback.label, null));
    }
    const type = (value as { type?: unknown } | null)?.type;
    const codec = (typeof type === "string" && byType.get(type)) || fallback;
    const parsed = codec.schema.safeParse(value);
    if (!parsed.success) throw new OutboxEventError(jsonIssueText(codec.label, parsed.error.message));
    return parsed.data as KindEvent;
  };
}
