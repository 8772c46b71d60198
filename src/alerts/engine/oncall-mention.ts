import type { Mention } from "../../domain/escalation-steps";
import { type ResolvedMention, resolveMention } from "../../domain/oncall-rota";
import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { RotaStore } from "../../store/rota-store";

/**
 * `oncall` as the person on call in the channel's rota at the moment of the post; any other mention as
 * it is. An unreadable rota pings nobody rather than holding the alert back.
 */
export async function resolveOncall(
  rotas: Pick<RotaStore, "get"> | undefined,
  at: { ws: WorkspaceRef; channel: string },
  mention: Mention | null | undefined,
  now: number,
): Promise<ResolvedMention | null> {
  if (mention?.kind !== "oncall") return resolveMention(mention, null, now);
  const rota = rotas ? await rotas.get(at.ws, at.channel).catch(() => null) : null;
  return resolveMention(mention, rota, now);
}
