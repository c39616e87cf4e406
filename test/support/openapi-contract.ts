import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

/**
 * Checks reply bodies against the OpenAPI document the app serves, with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1): the same checks a strict generated client makes. Schemas are looked up in
 * the document itself, so `$ref`s to its components resolve as a client's would.
 */

type JsonObject = Record<string, unknown>;

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module namespace.
const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

const DOCUMENT_ID = 'https://lbm-studio.local/openapi.json';

export interface ContractCheck {
  /** Ajv's errors for `body` against the named component schema; empty when it conforms. */
  component(name: string, body: unknown): string[];
  /**
   * Errors for a reply of `method path` with `status` (path as the document writes it, without /api):
   * the operation must document the status, and the body must match its schema for `mediaType`
   * (JSON by default; a `text/csv` body is checked as the string the document describes).
   */
  reply(method: string, path: string, status: number, body: unknown, mediaType?: string): string[];
}

function pointer(parts: readonly string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function describe(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (error) =>
      `${error.instancePath || '(body)'} ${error.message ?? ''}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}`,
  );
}

export function openApiContract(document: JsonObject): ContractCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const validate = (parts: readonly string[], body: unknown): string[] => {
    const check = ajv.getSchema(`${DOCUMENT_ID}#/${pointer(parts)}`);
    if (!check) return [`no schema at #/${parts.join('/')}`];
    return check(body) ? [] : describe(check.errors);
  };
  const paths = (document.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  return {
    component: (name, body) => validate(['components', 'schemas', name], body),
    reply(method, path, status, body, mediaType = 'application/json') {
      const operation = paths[path]?.[method.toLowerCase()];
      if (!operation) return [`the document has no ${method} ${path}`];
      const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
      const key = String(status) in responses ? String(status) : `${String(status)[0]}XX`;
      const response = responses[key];
      if (!response) return [`${method} ${path} does not document ${status}`];
      const target = typeof response.$ref === 'string' ? response.$ref.replace(/^#\//, '').split('/') : null;
      const base = target ?? ['paths', path, method.toLowerCase(), 'responses', key];
      const resolved = target
        ? (target.reduce<unknown>((node, part) => (node as JsonObject)?.[part], document) as JsonObject)
        : response;
      const content = (resolved?.content ?? {}) as Record<string, unknown>;
      if (!(mediaType in content))
        return body === undefined || body === '' ? [] : [`no ${mediaType} body documented`];
      return validate([...base, 'content', mediaType, 'schema'], body);
    },
  };
}
