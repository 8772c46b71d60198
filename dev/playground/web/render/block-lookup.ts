/**
 * Finding blocks and elements again from what the page shows. The renderer and the page's click handlers
 * both name a block by `blockIdOf` (its block_id, or a position-based stand-in when the app gave none, as
 * Slack would generate one), so a rendered control always leads back to the element JSON it came from.
 */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The block's block_id, or `<prefix>b<index>` when it has none. */
export function blockIdOf(block: unknown, index: number, prefix = ""): string {
  const id = isObject(block) ? str(block.block_id) : undefined;
  return id !== undefined && id !== "" ? id : `${prefix}b${index}`;
}

/** Interactive elements of a block: a section's accessory, an input's element, an actions block's elements. */
export function elementsOf(block: unknown): Json[] {
  if (!isObject(block)) return [];
  const out: Json[] = [];
  if (isObject(block.accessory)) out.push(block.accessory);
  if (isObject(block.element)) out.push(block.element);
  if (block.type === "actions" && Array.isArray(block.elements)) {
    for (const element of block.elements) if (isObject(element)) out.push(element);
  }
  return out;
}

/** Every option of a select, radio group or overflow (option_groups flattened, in order). */
export function optionsOf(element: Json): Json[] {
  const out: Json[] = [];
  if (Array.isArray(element.options)) for (const o of element.options) if (isObject(o)) out.push(o);
  if (Array.isArray(element.option_groups)) {
    for (const group of element.option_groups) {
      if (isObject(group) && Array.isArray(group.options)) {
        for (const o of group.options) if (isObject(o)) out.push(o);
      }
    }
  }
  return out;
}

/** A group of blocks and the prefix of its stand-in block ids (a message's own blocks, then each attachment). */
export interface BlockGroup {
  blocks: unknown[];
  prefix: string;
}

/** A message's block groups: its blocks, then the blocks of each legacy attachment. */
export function messageBlockGroups(message: { blocks?: unknown; attachments?: unknown }): BlockGroup[] {
  const groups: BlockGroup[] = [];
  if (Array.isArray(message.blocks)) groups.push({ blocks: message.blocks, prefix: "" });
  if (Array.isArray(message.attachments)) {
    message.attachments.forEach((attachment, i) => {
      if (isObject(attachment) && Array.isArray(attachment.blocks)) {
        groups.push({ blocks: attachment.blocks, prefix: `a${i}-` });
      }
    });
  }
  return groups;
}

/** The element with this action_id in the block named blockId (see blockIdOf). */
export function findElement(
  groups: BlockGroup[],
  blockId: string,
  actionId: string,
): { block: Json; element: Json } | undefined {
  for (const group of groups) {
    for (let i = 0; i < group.blocks.length; i++) {
      const block = group.blocks[i];
      if (!isObject(block) || blockIdOf(block, i, group.prefix) !== blockId) continue;
      const element = elementsOf(block).find((e) => e.action_id === actionId);
      if (element) return { block, element };
    }
  }
  return undefined;
}
