import { DOCUMENTED_REQUIRED } from '#shared/validation/documented-required';
import * as z from '#shared/validation/zod';

/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1 and of MCP's tool schemas) of the zod schemas
 * that validate the API's requests and type its replies: the OpenAPI document (build-openapi.ts) and the
 * MCP server's tools (functions/mcp/) describe the same fields from the same schemas.
 */

export type JsonObject = Record<string, unknown>;

/** Requests are described as clients send them (before defaults and transforms), replies as sent. */
export function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonObject {
  const { $schema, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonObject;
  return hoistDocumentedRequired(rest);
}

/**
 * A field marked `documentedRequired` (shared/validation/documented-required.ts) is listed as required,
 * without the default the server parses it with, wherever it is in the schema.
 */
function hoistDocumentedRequired(node: JsonObject): JsonObject {
  const walked = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, walk(value)]),
  ) as JsonObject;
  const properties = walked.properties as Record<string, JsonObject> | undefined;
  if (!properties) return walked;
  const required = new Set((walked.required as string[] | undefined) ?? []);
  for (const [name, property] of Object.entries(properties)) {
    if (property[DOCUMENTED_REQUIRED] !== true) continue;
    const { [DOCUMENTED_REQUIRED]: _mark, default: _default, ...kept } = property;
    properties[name] = kept;
    required.add(name);
  }
  return required.size > 0
    ? { ...walked, required: Object.keys(properties).filter((name) => required.has(name)) }
    : walked;
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk);
  if (typeof value === 'object' && value !== null) return hoistDocumentedRequired(value as JsonObject);
  return value;
}
