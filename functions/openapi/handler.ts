import { publicHttpHandler } from '#functions/commons/public-http-handler';
import { buildOpenApiDocument } from './build-openapi';

let document: Record<string, unknown> | undefined;

/** GET /api/openapi.json: the public API's OpenAPI 3.1 document, built once per container. */
export const handler = publicHttpHandler({
  handle: async () => {
    document ??= buildOpenApiDocument();
    return document;
  },
});
