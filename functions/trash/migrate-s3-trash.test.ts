import { describe, expect, it } from 'vitest';
import { slotOf } from './migrate-s3-trash';
import { trashKeys } from './trash-bin';

describe('slotOf', () => {
  it('reads the slot back from the names the S3 trash bin wrote', () => {
    expect(slotOf(trashKeys.client('C1'))).toEqual({ kind: 'client', clientId: 'C1' });
    expect(slotOf(trashKeys.content('C1', 'K1'))).toEqual({
      kind: 'content',
      clientId: 'C1',
      contentId: 'K1',
    });
  });

  it('refuses any other name under trash/', () => {
    for (const key of [
      'trash/',
      'trash/clients/C1',
      'trash/clients/.json',
      'trash/clients/a/b.json',
      'trash/content/C1.json',
      'trash/content/C1/K1/x.json',
      'trash/media/C1/image.png',
    ]) {
      expect(slotOf(key), key).toBeNull();
    }
  });
});
