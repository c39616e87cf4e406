import { backgroundFunctions, httpFunctions, webSocketRoutes } from '#contract/routes';

/**
 * Every function the stack deploys, by the id its CloudFormation logical id is made of (`${id}Function`):
 * the route table's functions, the WebSocket routes and the background functions. The local runtime
 * runs each in its own thread under this id (function-host.ts).
 */
export const BACKGROUND_FUNCTION_IDS = {
  HttpAuthorizer: backgroundFunctions.httpAuthorizer,
  WsAuthorizer: backgroundFunctions.webSocketAuthorizer,
  Worker: backgroundFunctions.worker,
  MediaWorker: backgroundFunctions.mediaWorker,
  DeadLetters: backgroundFunctions.deadLetters,
  BatchFeeder: backgroundFunctions.batchFeeder,
  ReviewReminders: backgroundFunctions.reviewReminders,
  ScheduledPublisher: backgroundFunctions.scheduledPublisher,
  PreSignUp: backgroundFunctions.preSignUp,
  PostConfirmation: backgroundFunctions.postConfirmation,
  AdminPromotion: backgroundFunctions.adminPromotion,
  TrashMigration: backgroundFunctions.trashMigration,
  UsageBackfill: backgroundFunctions.usageBackfill,
  ActivityIndexFill: backgroundFunctions.activityIndexFill,
} as const;

export type BackgroundFunctionId = keyof typeof BACKGROUND_FUNCTION_IDS;

export const functionEntries: ReadonlyMap<string, string> = new Map([
  ...httpFunctions.map((fn) => [fn.id, fn.entry] as const),
  ...webSocketRoutes.map((route) => [route.id, route.entry] as const),
  ...Object.entries(BACKGROUND_FUNCTION_IDS),
]);

export function entryOf(functionId: string): string {
  const entry = functionEntries.get(functionId);
  if (!entry) throw new Error(`No function ${functionId} in the route table`);
  return entry;
}
