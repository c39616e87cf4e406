import { NotFoundError } from '#functions/commons/errors';

/** A WordPress post id from the path: a positive integer, anything else is 404. */
export function postIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,12}$/.test(value ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    throw new NotFoundError('WordPress post not found');
  }
  return id;
}
