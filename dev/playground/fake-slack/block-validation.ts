import type { StoredFile } from "./types";

// The basic Block Kit structure checks Slack applies before storing a message or a view. Slack answers a
// message with `invalid_blocks` and a view with `invalid_arguments`, both with `response_metadata.messages`
// naming the JSON pointer, e.g. "[ERROR] no more than 50 items allowed [json-pointer:/blocks]".

/** Block Kit limits (Slack's reference: blocks, views, composition objects). */
export const LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  blockId: 255,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  headerText: 150,
  actionsElements: 25,
  contextElements: 10,
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function textOf(value: unknown): string | undefined {
  return isRecord(value) && typeof value.text === "string" ? value.text : undefined;
}

/** Problems found in a blocks array, as Slack words them; empty when the blocks are acceptable. */
export function blockProblems(blocks: unknown, max: number, pointer: string): string[] {
  if (!Array.isArray(blocks)) return [`[ERROR] must be an array [json-pointer:${pointer}]`];
  const problems: string[] = [];
  if (blocks.length > max)
    problems.push(`[ERROR] no more than ${max} items allowed [json-pointer:${pointer}]`);
  const blockIds = new Set<string>();
  blocks.forEach((block, index) => {
    const at = `${pointer}/${index}`;
    if (!isRecord(block) || typeof block.type !== "string" || block.type === "") {
      problems.push(`[ERROR] failed to match all allowed schemas [json-pointer:${at}]`);
      return;
    }
    if (block.block_id !== undefined) {
      if (typeof block.block_id !== "string" || block.block_id.length > LIMITS.blockId) {
        problems.push(
          `[ERROR] must be a string of at most ${LIMITS.blockId} characters [json-pointer:${at}/block_id]`,
        );
      } else if (blockIds.has(block.block_id)) {
        problems.push(`[ERROR] duplicate block_id ${block.block_id} [json-pointer:${at}/block_id]`);
      } else {
        blockIds.add(block.block_id);
      }
    }
    const text = textOf(block.text);
    if (block.type === "section") {
      if (text !== undefined && text.length > LIMITS.sectionText) {
        problems.push(
          `[ERROR] must be less than ${LIMITS.sectionText + 1} characters [json-pointer:${at}/text/text]`,
        );
      }
      if (Array.isArray(block.fields)) {
        if (block.fields.length > LIMITS.sectionFields) {
          problems.push(
            `[ERROR] no more than ${LIMITS.sectionFields} items allowed [json-pointer:${at}/fields]`,
          );
        }
        block.fields.forEach((field, i) => {
          const fieldText = textOf(field);
          if (fieldText !== undefined && fieldText.length > LIMITS.sectionFieldText) {
            problems.push(
              `[ERROR] must be less than ${LIMITS.sectionFieldText + 1} characters [json-pointer:${at}/fields/${i}/text]`,
            );
          }
        });
      }
    }
    if (block.type === "header" && text !== undefined && text.length > LIMITS.headerText) {
      problems.push(
        `[ERROR] must be less than ${LIMITS.headerText + 1} characters [json-pointer:${at}/text/text]`,
      );
    }
    if (
      block.type === "actions" &&
      Array.isArray(block.elements) &&
      block.elements.length > LIMITS.actionsElements
    ) {
      problems.push(
        `[ERROR] no more than ${LIMITS.actionsElements} items allowed [json-pointer:${at}/elements]`,
      );
    }
    if (block.type === "image") problems.push(...imageBlockProblems(block, at));
    if (
      block.type === "context" &&
      Array.isArray(block.elements) &&
      block.elements.length > LIMITS.contextElements
    ) {
      problems.push(
        `[ERROR] no more than ${LIMITS.contextElements} items allowed [json-pointer:${at}/elements]`,
      );
    }
  });
  return problems;
}

/** Problems of a view object (views.open/update/push/publish and response_action update/push). */
export function viewProblems(view: unknown, allowedTypes: readonly string[]): string[] {
  if (!isRecord(view)) return ["[ERROR] must be an object [json-pointer:/view]"];
  const problems: string[] = [];
  if (typeof view.type !== "string" || !allowedTypes.includes(view.type)) {
    problems.push(`[ERROR] must be one of ${allowedTypes.join(", ")} [json-pointer:/view/type]`);
  }
  if (view.type === "modal") {
    const title = textOf(view.title);
    if (title === undefined) problems.push("[ERROR] missing required field: title [json-pointer:/view]");
    else if (title.length > LIMITS.viewTitle) {
      problems.push(
        `[ERROR] must be less than ${LIMITS.viewTitle + 1} characters [json-pointer:/view/title/text]`,
      );
    }
    for (const button of ["submit", "close"] as const) {
      const label = textOf(view[button]);
      if (label !== undefined && label.length > LIMITS.viewButton) {
        problems.push(
          `[ERROR] must be less than ${LIMITS.viewButton + 1} characters [json-pointer:/view/${button}/text]`,
        );
      }
    }
    const hasInput = Array.isArray(view.blocks) && view.blocks.some((b) => isRecord(b) && b.type === "input");
    if (hasInput && view.submit === undefined) {
      problems.push("[ERROR] must provide a submit property when using input blocks [json-pointer:/view]");
    }
  }
  if (typeof view.private_metadata === "string" && view.private_metadata.length > LIMITS.privateMetadata) {
    problems.push(
      `[ERROR] must be less than ${LIMITS.privateMetadata + 1} characters [json-pointer:/view/private_metadata]`,
    );
  }
  if (typeof view.callback_id === "string" && view.callback_id.length > LIMITS.callbackId) {
    problems.push(
      `[ERROR] must be less than ${LIMITS.callbackId + 1} characters [json-pointer:/view/callback_id]`,
    );
  }
  problems.push(...blockProblems(view.blocks ?? [], LIMITS.viewBlocks, "/view/blocks"));
  return problems;
}

// Slack's image block: exactly one of image_url and slack_file, alt_text required; a slack_file names a
// file by exactly one of id (F + 8 or more) and url.
function imageBlockProblems(block: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  if (typeof block.alt_text !== "string" || block.alt_text === "") {
    problems.push(`[ERROR] missing required field: alt_text [json-pointer:${at}]`);
  }
  const hasUrl = block.image_url !== undefined;
  const file = block.slack_file;
  if (hasUrl === (file !== undefined)) {
    problems.push(`[ERROR] must provide exactly one of image_url or slack_file [json-pointer:${at}]`);
    return problems;
  }
  if (file === undefined) return problems;
  if (!isRecord(file) || (file.id === undefined) === (file.url === undefined)) {
    problems.push(`[ERROR] must provide exactly one of id or url [json-pointer:${at}/slack_file]`);
  } else if (file.id !== undefined && (typeof file.id !== "string" || !/^F[A-Z0-9]{8,}$/.test(file.id))) {
    problems.push(
      `[ERROR] input must match regex pattern: ^[F][A-Z0-9]{8,}$ [json-pointer:${at}/slack_file/id]`,
    );
  }
  return problems;
}

/** The files named by `slack_file` ids in image blocks, with their JSON pointers. */
export function slackFileRefs(blocks: unknown): { id: string; pointer: string }[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((block, index) =>
    isRecord(block) &&
    block.type === "image" &&
    isRecord(block.slack_file) &&
    typeof block.slack_file.id === "string"
      ? [{ id: block.slack_file.id, pointer: `/blocks/${index}/slack_file` }]
      : [],
  );
}

/**
 * Slack processes an upload before blocks may show it: an image block naming a file in that moment (or one
 * never completed, or unknown) is refused with invalid_blocks, as users of files.completeUploadExternal
 * report. The bot must wait and retry, or answer without the picture.
 */
export const FILE_PROCESSING_MS = 200;

/** Problems of the `slack_file` ids in blocks, as Slack words them; empty when every file can be shown. */
export function slackFileProblems(
  files: ReadonlyMap<string, StoredFile>,
  blocks: unknown,
  nowMs: number,
): string[] {
  return slackFileRefs(blocks).flatMap(({ id, pointer }) => {
    const file = files.get(id);
    const ready =
      file?.completed && file.completedAt !== undefined && nowMs - file.completedAt >= FILE_PROCESSING_MS;
    return ready ? [] : [`[ERROR] invalid slack file [json-pointer:${pointer}]`];
  });
}
