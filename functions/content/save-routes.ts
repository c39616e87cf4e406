import { dispatchRoutes } from '#functions/commons/route-dispatch';
import { handler as createContent } from './create-content';
import { handler as restoreVersion } from './restore-version';
import { handler as updateContent } from './update-content';

/**
 * The ContentSaves function: the library routes that write a new version of an item (contract/routes.ts).
 * They sanitize the HTML they are given and tag the media it names, which the reads, deletes and due
 * dates of the Content function never need (docs/decisions.md, "Bundles within budget").
 */
export const handler = dispatchRoutes('ContentSaves', {
  CreateContent: createContent,
  UpdateContent: updateContent,
  RestoreContentVersion: restoreVersion,
});
