import { appOrigin } from '#functions/commons/app-origin';
import { publicHttpHandler } from '#functions/commons/public-http-handler';
import { buildOpenApiDocument } from './build-openapi';

/** Built once per origin per container: only its contact link depends on the request. */
const documents = new Map<string, Record<string, unknown>>();

/** GET /api/openapi.json: the public API's OpenAPI 3.1 document. */
export const handler = publicHttpHandler({
  handle: async ({ event }) => {
    const origin = appOrigin(event);
    let document = documents.get(origin);
    if (!document) {
      document = buildOpenApiDocument(undefined, { origin });
      documents.set(origin, document);
    }
    return document;
  },
});
