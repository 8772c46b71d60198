import type { RespondArguments } from "@slack/bolt";
import { errorText } from "../ui/error-text";
import { renderErrorMessage } from "../ui/render-error-message";

/**
 * Tells the user what went wrong in one ephemeral sentence (src/ui/error-text.ts), leaving the message they
 * acted on as it is; rethrows what nothing explains, so that `app.error` logs it (DESIGN.md section 2).
 */
export async function answerError(
  respond: (message: RespondArguments) => Promise<unknown>,
  error: unknown,
): Promise<void> {
  const text = errorText(error);
  await respond({ response_type: "ephemeral", replace_original: false, ...renderErrorMessage(text) });
  if (text.unexpected) throw error;
}
