/**
 * DynamoDB's typed values (`{ S: 'x' }`, `{ M: { … } }`) read as plain values, exactly as
 * `unmarshall` of `@aws-sdk/util-dynamodb` reads them with its default options: N as a number (a
 * BigInt beyond the safe integers), sets as Sets, B as it came, NULL as null, an unknown or empty
 * type as an error. util-dynamodb builds every map through `Object.entries(…).reduce` and looks up each
 * value's type the same way; on the API's hot path (a page of 50 clients is ~2,000 values) that was
 * the largest cost in the handler after JSON.parse, so the loops here are plain `for…in`.
 * dynamodb-values.test.ts checks both give the same result over every type and edge.
 */

type TypedValue = Record<string, unknown>;

function readNumber(text: string): number | bigint {
  const value = Number(text);
  if ((value > Number.MAX_SAFE_INTEGER || value < Number.MIN_SAFE_INTEGER) && Number.isFinite(value)) {
    try {
      return BigInt(text);
    } catch {
      throw new Error(`${text} can't be converted to BigInt. Set options.wrapNumbers to get string value.`);
    }
  }
  return value;
}

function readValue(typed: TypedValue): unknown {
  for (const type in typed) {
    const value = typed[type];
    if (value === undefined) continue;
    switch (type) {
      case 'S':
        return value;
      case 'N':
        return readNumber(value as string);
      case 'BOOL':
        return Boolean(value);
      case 'NULL':
        return null;
      case 'M':
        return readAttributeMap(value as Record<string, TypedValue>);
      case 'L':
        return (value as TypedValue[]).map(readValue);
      case 'SS':
        return new Set(value as string[]);
      case 'NS':
        return new Set((value as string[]).map(readNumber));
      case 'B':
        return value;
      case 'BS':
        return new Set(value as unknown[]);
      default:
        throw new Error(`Unsupported type passed: ${type}`);
    }
  }
  throw new Error(`No value defined: ${JSON.stringify(typed)}`);
}

/** An item (or key, or any attribute map) as a record of plain values. */
export function readAttributeMap(map: Record<string, TypedValue>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name in map) record[name] = readValue(map[name] as TypedValue);
  return record;
}
