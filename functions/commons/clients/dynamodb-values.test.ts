import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { readAttributeMap } from './dynamodb-values';

type AttributeMap = Record<string, AttributeValue>;

/** What util-dynamodb's unmarshall returns or throws, to compare with. */
const reference = (map: AttributeMap) => {
  try {
    return { value: unmarshall(map) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

const ours = (map: AttributeMap) => {
  try {
    return { value: readAttributeMap(map as unknown as Parameters<typeof readAttributeMap>[0]) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

const bytes = new Uint8Array([0, 1, 255]);

const CORPUS: Record<string, AttributeMap> = {
  scalars: {
    s: { S: 'text' },
    empty: { S: '' },
    n: { N: '42' },
    f: { N: '-3.25' },
    t: { BOOL: true },
    no: { BOOL: false },
    nil: { NULL: true },
  },
  'numbers at and past the safe range': {
    max: { N: String(Number.MAX_SAFE_INTEGER) },
    past: { N: '9007199254740993' },
    below: { N: '-9007199254740993' },
    big: { N: '1E+40' },
    tiny: { N: '1e-130' },
  },
  'a number too large for a double': { huge: { N: '1.5e+400' } },
  'a large number BigInt cannot read': { bad: { N: '12345678901234567890.5' } },
  nested: {
    m: {
      M: { inner: { M: { deep: { L: [{ S: 'a' }, { N: '1' }, { M: {} }, { L: [] }, { NULL: true }] } } } },
    },
  },
  sets: { ss: { SS: ['a', 'b'] }, ns: { NS: ['1', '2.5', '9007199254740993'] }, bs: { BS: [bytes] } },
  binary: { b: { B: bytes } },
  'an empty map': {},
  'an unknown type': { x: { Q: 'nope' } as unknown as AttributeValue },
  'no value': { x: {} as unknown as AttributeValue },
  'an undefined member before the value': { x: { S: undefined, N: '5' } as unknown as AttributeValue },
};

describe('reading DynamoDB values', () => {
  for (const [name, map] of Object.entries(CORPUS)) {
    it(`reads ${name} as util-dynamodb's unmarshall does`, () => {
      const expected = reference(map);
      expect(ours(map)).toEqual(expected);
    });
  }

  it('refuses what util-dynamodb refuses, with its message', () => {
    expect(ours(CORPUS['an unknown type'] ?? {})).toEqual({ error: 'Unsupported type passed: Q' });
    expect(ours(CORPUS['a large number BigInt cannot read'] ?? {})).toEqual({
      error:
        "12345678901234567890.5 can't be converted to BigInt. Set options.wrapNumbers to get string value.",
    });
  });

  it('keeps the types util-dynamodb gives: BigInt past the safe range, Sets, the same bytes', () => {
    const read = readAttributeMap({ past: { N: '9007199254740993' }, ss: { SS: ['a'] }, b: { B: bytes } });
    expect(read.past).toBe(9007199254740993n);
    expect(read.ss).toBeInstanceOf(Set);
    expect(read.b).toBe(bytes);
  });
});
