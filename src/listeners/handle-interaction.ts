import type {
  AllMiddlewareArgs,
  BlockAction,
  BlockElementAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from "@slack/bolt";
import type { UserRef } from "../domain/workspace-ref";
import { userRefFrom } from "../slack/user-ref";
import type { BlockErrors } from "../ui/create-monitor-form";
import { errorText } from "../ui/error-text";
import { outOfDateText, renderOutOfDate } from "../ui/render-out-of-date";
import { type Answer, answerByRespond } from "./answer";

export type ActionArgs<A extends BlockElementAction = BlockElementAction> = SlackActionMiddlewareArgs<
  BlockAction<A>
> &
  AllMiddlewareArgs;
export type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * Tells the user what went wrong in one sentence (src/ui/error-text.ts) and rethrows what nothing explains,
 * so that `app.error` logs it (docs/architecture.md section 2). Never a stack trace in Slack.
 */
export async function answerFailure(answer: Answer, error: unknown, linkValue?: string): Promise<void> {
  const text = errorText(error);
  await answer.error(text, linkValue);
  if (text.unexpected) throw error;
}

/** One block action, acknowledged, with its value decoded and its user resolved. */
export interface ActionRequest<A extends BlockElementAction, V> {
  args: ActionArgs<A>;
  value: V;
  user: UserRef;
  answer: Answer;
}

export interface ActionSpec<A extends BlockElementAction, V> {
  /** What the element carries; null when no codec reads it any more (an old message, a copied one). */
  decode: (args: ActionArgs<A>) => V | null;
  /** The element and what to use instead, for a value that does not decode. Without it: no answer. */
  outOfDate?: { element: "button" | "menu"; instead: string };
  /** Where answers go (default: ephemeral through the response_url, the source message kept). */
  answerIn?: (args: ActionArgs<A>, user: UserRef) => Answer | undefined;
  run: (request: ActionRequest<A, V>) => Promise<void>;
  /** A failure this action answers itself (acknowledge's Link prompt): true when it did. */
  recover?: (error: unknown, request: ActionRequest<A, V>) => Promise<boolean>;
  /** The Link button's value in an error answer: what the login flow completes after linking. */
  linkValue?: (request: ActionRequest<A, V>) => string | undefined;
}

/**
 * The shape of every block action handler: ack at once (Slack's 3 s), decode the value or answer "this
 * button is out of date", resolve the user, choose where to answer, run, and map a failure to a sentence,
 * rethrowing what is unexpected.
 */
export function actionHandler<A extends BlockElementAction, V>(
  spec: ActionSpec<A, V>,
): (args: ActionArgs<A>) => Promise<void> {
  return async (args) => {
    await args.ack();
    const user = userRefFrom(args.context, args.body.user.id);
    const answer = spec.answerIn?.(args, user) ?? answerByRespond(args.respond);
    const value = spec.decode(args);
    if (value === null) {
      if (spec.outOfDate) {
        await answer.message(renderOutOfDate(spec.outOfDate.element, spec.outOfDate.instead));
      }
      return;
    }
    const request: ActionRequest<A, V> = { args, value, user, answer };
    try {
      await spec.run(request);
    } catch (error) {
      if (spec.recover && (await spec.recover(error, request))) return;
      await answerFailure(answer, error, spec.linkValue?.(request));
    }
  };
}

/** One view submission, not yet acknowledged: `ack()` closes the modal, `ack(errors)` keeps it open. */
export interface ViewRequest<V> {
  args: ViewArgs;
  value: V;
  user: UserRef;
  ack(errors?: BlockErrors): Promise<void>;
}

export interface ViewSpec<V> {
  /** The modal's private_metadata; null when no codec reads it any more. */
  decode: (args: ViewArgs) => V | null;
  /** The input block that says the form is out of date, and what to do instead. */
  outOfDate: { block: string; instead: string };
  /** Runs the submission; must ack (within Slack's 3 s) unless it throws first. */
  run: (request: ViewRequest<V>) => Promise<void>;
  /** A failure before the ack as sentences next to the inputs, and whether it is unexpected. */
  errors: (error: unknown, request: ViewRequest<V>) => { errors: BlockErrors; unexpected: boolean };
}

/**
 * The shape of every view_submission handler: decode the metadata or say "this form is out of date" next to
 * an input, resolve the user, run; a failure before the ack stays in the modal as inline errors (nothing
 * typed is lost), and what is unexpected (or fails after the ack) is rethrown for `app.error`.
 */
export function viewHandler<V>(spec: ViewSpec<V>): (args: ViewArgs) => Promise<void> {
  return async (args) => {
    const value = spec.decode(args);
    if (value === null) {
      const errors = { [spec.outOfDate.block]: outOfDateText("form", spec.outOfDate.instead) };
      await args.ack({ response_action: "errors", errors });
      return;
    }
    let acked = false;
    const request: ViewRequest<V> = {
      args,
      value,
      user: userRefFrom(args.context, args.body.user.id),
      async ack(errors) {
        acked = true;
        await (errors ? args.ack({ response_action: "errors", errors }) : args.ack());
      },
    };
    try {
      await spec.run(request);
    } catch (error) {
      if (acked) throw error;
      const failure = spec.errors(error, request);
      await request.ack(failure.errors);
      if (failure.unexpected) throw error;
    }
  };
}
