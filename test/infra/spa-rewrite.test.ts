import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SPA_REWRITE_FUNCTION_CODE } from '#infra/spa-rewrite';

interface ViewerRequest {
  uri: string;
  querystring: Record<string, { value: string }>;
  statusCode?: number;
}

/** Runs the CloudFront Function source as CloudFront would: a global `handler(event)`. */
function rewrite(uri: string): ViewerRequest {
  const sandbox: { event: { request: ViewerRequest }; result?: ViewerRequest } = {
    event: { request: { uri, querystring: {} } },
  };
  runInNewContext(`${SPA_REWRITE_FUNCTION_CODE}\nresult = handler(event);`, sandbox);
  if (!sandbox.result) throw new Error('handler returned nothing');
  return sandbox.result;
}

describe('SPA rewrite function', () => {
  it('serves `/` the landing page prerendered into its HTML', () => {
    expect(rewrite('/').uri).toBe('/landing.html');
  });

  it('serves the plain shell, index.html, for every other client-side route', () => {
    for (const uri of [
      '/clients',
      '/wordpress-editor',
      '/auth',
      '/some/unknown/path',
      '/clients/',
      '/auth/',
    ]) {
      expect(rewrite(uri).uri).toBe('/index.html');
    }
  });

  it('leaves real files alone so a missing asset keeps its error', () => {
    for (const uri of [
      '/index.html',
      '/landing.html',
      '/config.json',
      '/assets/index-abc123.js',
      '/favicon.ico',
    ]) {
      expect(rewrite(uri).uri).toBe(uri);
    }
  });

  it('never serves a source map, even one an older deployment left behind', () => {
    for (const uri of ['/assets/index-abc123.js.map', '/assets/nested/chunk.JS.MAP', '/sw.js.map']) {
      expect(rewrite(uri)).toMatchObject({ statusCode: 404 });
    }
    expect(rewrite('/assets/sitemap-viewer.js').uri).toBe('/assets/sitemap-viewer.js');
  });
});
