import type { Rendered } from "./reply";

/**
 * The one answer to a button, menu or form whose value no codec reads any more (an older version, or a
 * copied message): what to use instead. Never an error: the user did nothing wrong.
 */
export function outOfDateText(element: "button" | "menu" | "form", instead: string): string {
  return `This ${element} is out of date. ${instead}`;
}

/** outOfDateText as an ephemeral answer. */
export function renderOutOfDate(element: "button" | "menu", instead: string): Rendered {
  return { text: `:warning: ${outOfDateText(element, instead)}` };
}
