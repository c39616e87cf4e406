/** Ids are ULIDs; the rule lives in shared/ so the browser and every handler check the same form. */
export { isResourceId } from '#shared/validation/resource-id';
