import { describe, expect, it } from 'vitest';
import {
  findUnstorableJson,
  isStorableNumber,
  STORABLE_JSON_LIMITS,
  storableJsonObject,
} from './storable-json';

const nested = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 1; level < levels; level += 1) value = { inner: value };
  return value;
};

describe('isStorableNumber', () => {
  it.each([0, -0, 1, -1, 0.5, 1e-130, -1e-100, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 123.456])(
    'accepts %d',
    (value) => {
      expect(isStorableNumber(value)).toBe(true);
    },
  );

  it.each([
    1e16,
    1e200,
    1e-200,
    -1e16,
    Number.MAX_SAFE_INTEGER + 1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    JSON.parse('123456789012345678901234567890') as number,
  ])('refuses %d', (value) => {
    expect(isStorableNumber(value)).toBe(false);
  });
});

describe('findUnstorableJson', () => {
  it('names the path of the first bad value', () => {
    expect(findUnstorableJson({ stats: { views: [1, 2, 1e16] } })?.path).toEqual(['stats', 'views', 2]);
  });

  it('allows the deepest nesting the limit names and refuses one more', () => {
    expect(findUnstorableJson(nested(STORABLE_JSON_LIMITS.maxDepth))).toBeNull();
    expect(findUnstorableJson(nested(STORABLE_JSON_LIMITS.maxDepth + 1))?.message).toMatch(
      /nested too deeply/,
    );
  });

  it('refuses empty and over-long keys', () => {
    expect(findUnstorableJson({ '': 1 })?.message).toMatch(/keys must be/);
    expect(findUnstorableJson({ ['k'.repeat(201)]: 1 })?.message).toMatch(/keys must be/);
  });

  it('accepts ordinary metadata', () => {
    expect(
      findUnstorableJson({
        topic: 'Spring',
        wordCount: 512,
        ratio: 0.25,
        tags: ['a', 'b'],
        draft: false,
        x: null,
      }),
    ).toBeNull();
  });
});

describe('storableJsonObject', () => {
  it('reports the inner path in the zod issue', () => {
    const result = storableJsonObject().safeParse({ a: { b: 1e200 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['a', 'b']);
    expect(result.error?.issues[0]?.message).toContain('send larger or exact numbers as text');
  });

  it('refuses metadata over the size limit', () => {
    const result = storableJsonObject().safeParse({ text: 'x'.repeat(STORABLE_JSON_LIMITS.maxBytes) });
    expect(result.error?.issues[0]?.message).toMatch(/too large/);
  });
});
