/** The package whose exported TypeScript type is a contract's source. */
export type ContractPackage = "@slack/web-api" | "@slack/bolt";

/**
 * The contracts the fake Slack checks the bot against: the arguments of each Web API method the fake
 * answers (its @slack/web-api `...Arguments` type, which is built on @slack/types' Block Kit and view types),
 * and the three bodies the bot sends Slack outside the Web API (Bolt's types for them). Their JSON Schemas
 * are generated into test/fixtures/slack-web-api/<contract>.schema.json by tools/generate-slack-contracts.ts.
 */
export const CONTRACT_TYPES = {
  "apps.connections.open": { pkg: "@slack/web-api", type: "AppsConnectionsOpenArguments" },
  "auth.test": { pkg: "@slack/web-api", type: "AuthTestArguments" },
  "canvases.access.set": { pkg: "@slack/web-api", type: "CanvasesAccessSetArguments" },
  "canvases.create": { pkg: "@slack/web-api", type: "CanvasesCreateArguments" },
  "canvases.edit": { pkg: "@slack/web-api", type: "CanvasesEditArguments" },
  "chat.delete": { pkg: "@slack/web-api", type: "ChatDeleteArguments" },
  "chat.getPermalink": { pkg: "@slack/web-api", type: "ChatGetPermalinkArguments" },
  "chat.postEphemeral": { pkg: "@slack/web-api", type: "ChatPostEphemeralArguments" },
  "chat.postMessage": { pkg: "@slack/web-api", type: "ChatPostMessageArguments" },
  "chat.unfurl": { pkg: "@slack/web-api", type: "ChatUnfurlArguments" },
  "chat.update": { pkg: "@slack/web-api", type: "ChatUpdateArguments" },
  "conversations.archive": { pkg: "@slack/web-api", type: "ConversationsArchiveArguments" },
  "conversations.create": { pkg: "@slack/web-api", type: "ConversationsCreateArguments" },
  "conversations.history": { pkg: "@slack/web-api", type: "ConversationsHistoryArguments" },
  "conversations.info": { pkg: "@slack/web-api", type: "ConversationsInfoArguments" },
  "conversations.invite": { pkg: "@slack/web-api", type: "ConversationsInviteArguments" },
  "conversations.members": { pkg: "@slack/web-api", type: "ConversationsMembersArguments" },
  "conversations.open": { pkg: "@slack/web-api", type: "ConversationsOpenArguments" },
  "conversations.replies": { pkg: "@slack/web-api", type: "ConversationsRepliesArguments" },
  "files.completeUploadExternal": { pkg: "@slack/web-api", type: "FilesCompleteUploadExternalArguments" },
  "files.getUploadURLExternal": { pkg: "@slack/web-api", type: "FilesGetUploadURLExternalArguments" },
  "functions.completeError": { pkg: "@slack/web-api", type: "FunctionsCompleteErrorArguments" },
  "functions.completeSuccess": { pkg: "@slack/web-api", type: "FunctionsCompleteSuccessArguments" },
  "pins.add": { pkg: "@slack/web-api", type: "PinsAddArguments" },
  "pins.remove": { pkg: "@slack/web-api", type: "PinsRemoveArguments" },
  "usergroups.list": { pkg: "@slack/web-api", type: "UsergroupsListArguments" },
  "usergroups.users.list": { pkg: "@slack/web-api", type: "UsergroupsUsersListArguments" },
  "usergroups.users.update": { pkg: "@slack/web-api", type: "UsergroupsUsersUpdateArguments" },
  "users.info": { pkg: "@slack/web-api", type: "UsersInfoArguments" },
  "views.open": { pkg: "@slack/web-api", type: "ViewsOpenArguments" },
  "views.publish": { pkg: "@slack/web-api", type: "ViewsPublishArguments" },
  "views.push": { pkg: "@slack/web-api", type: "ViewsPushArguments" },
  "views.update": { pkg: "@slack/web-api", type: "ViewsUpdateArguments" },
  /** A POST to a response_url: what Bolt's respond() takes. */
  response_url: { pkg: "@slack/bolt", type: "RespondArguments" },
  /** A view_submission ack with a body (response_action update, push, clear or errors). */
  view_submission_ack: { pkg: "@slack/bolt", type: "ViewResponseAction" },
  /**
   * A block_suggestion ack: `{ options }`. Bolt also allows `{ option_groups }` (OptionGroups<BlockOptions>,
   * a generic type the generator cannot name); the bot never answers with groups.
   */
  block_suggestion_ack: { pkg: "@slack/bolt", type: "BlockOptions" },
} as const satisfies Record<string, { pkg: ContractPackage; type: string }>;

export type ContractName = keyof typeof CONTRACT_TYPES;

export function isContractName(name: string): name is ContractName {
  return Object.hasOwn(CONTRACT_TYPES, name);
}
