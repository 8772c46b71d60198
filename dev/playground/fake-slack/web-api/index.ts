import { authMethods } from "./auth";
import { canvasMethods } from "./canvases";
import { chatMethods } from "./chat";
import type { MethodTable } from "./context";
import { conversationsMethods } from "./conversations";
import { conversationsManageMethods } from "./conversations-manage";
import { filesMethods } from "./files";
import { functionMethods } from "./functions";
import { pinsMethods } from "./pins";
import { unfurlMethods } from "./unfurls";
import { usersMethods } from "./users";
import { viewsMethods } from "./views";

/** Every Web API method the fake implements; anything else is `unknown_method` (HTTP 404, like Slack). */
export const webApiMethods: MethodTable = {
  ...authMethods,
  ...chatMethods,
  ...conversationsMethods,
  ...conversationsManageMethods,
  ...viewsMethods,
  ...usersMethods,
  ...filesMethods,
  ...unfurlMethods,
  ...functionMethods,
  ...canvasMethods,
  ...pinsMethods,
};

export type { MethodContext, MethodResult, MethodSpec, MethodTable } from "./context";
