import { isResourceId } from '#functions/clients/resource-id';
import type { Caller } from '#functions/commons/caller';
import { NotFoundError } from '#functions/commons/errors';
import { authorizeContent } from './authorize-content';
import { findVersion, type VersionRecord } from './content-versions';

export const VERSION_NOT_FOUND = 'Version not found';

/** A version of an item the caller may see, looked up under that item only; 404 like a missing one. */
export async function authorizeVersion(caller: Caller, params: Readonly<Record<string, string>>) {
  const authorized = await authorizeContent(caller, params.clientId ?? '', params.contentId ?? '');
  const versionId = params.versionId ?? '';
  const version: VersionRecord | null = isResourceId(versionId)
    ? await findVersion(authorized.content.clientId, authorized.content.contentId, versionId)
    : null;
  if (!version) throw new NotFoundError(VERSION_NOT_FOUND);
  return { ...authorized, version };
}
