import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { httpFunctions, routesOf } from '#contract/routes';
import type { HttpEvent } from './http-wrap';
import { dispatchRoutes, type RouteHandler } from './route-dispatch';

const repositoryRoot = join(import.meta.dirname, '..', '..');
const context = { awsRequestId: 'request' } as Context;
const eventFor = (routeKey: string) => ({ routeKey }) as HttpEvent;

/** A handler that answers with its route id, so a test sees which one ran. */
const answering =
  (routeId: string): RouteHandler =>
  async () => ({ statusCode: 200, body: routeId });

const handlersOf = (functionId: string) =>
  Object.fromEntries(routesOf(functionId).map((route) => [route.id, answering(route.id)]));

describe('dispatchRoutes', () => {
  it('hands each request to the handler of the route API Gateway names in routeKey', async () => {
    const handler = dispatchRoutes('Clients', handlersOf('Clients'));
    for (const route of routesOf('Clients')) {
      const reply: APIGatewayProxyStructuredResultV2 = await handler(
        eventFor(`${route.method} ${route.path}`),
        context,
      );
      expect(reply.body).toBe(route.id);
    }
  });

  it('refuses, when the module loads, handlers that are not exactly the routes the table gives it', () => {
    const { ListClients: _left, ...missing } = handlersOf('Clients');
    expect(() => dispatchRoutes('Clients', missing)).toThrow(
      /The Clients function handles .* but the route table gives it .*ListClients/,
    );
    expect(() =>
      dispatchRoutes('Clients', { ...handlersOf('Clients'), GetContent: answering('GetContent') }),
    ).toThrow(/handles .*GetContent/);
    expect(() => dispatchRoutes('NoSuchFunction', {})).toThrow(
      'The route table has no function NoSuchFunction',
    );
  });

  it('fails a request for a route that is not its own rather than answer it', async () => {
    const handler = dispatchRoutes('Clients', handlersOf('Clients'));
    await expect(handler(eventFor('GET /api/clients/{clientId}/content'), context)).rejects.toThrow(
      'The Clients function serves no route GET /api/clients/{clientId}/content',
    );
  });

  // Imports every shared function's module graph (its handlers, their stores and clients): seconds of
  // transforming on a cold, busy machine, hence its own limit.
  it('is what every function of several routes exports, covering exactly its routes', {
    timeout: 60_000,
  }, async () => {
    const shared = httpFunctions.filter((fn) => routesOf(fn.id).length > 1);
    expect(shared.length).toBeGreaterThanOrEqual(6);
    for (const fn of shared) {
      // A routes module whose handlers differ from the table throws while it loads.
      const module = (await import(pathToFileURL(join(repositoryRoot, fn.entry)).href)) as {
        handler?: unknown;
      };
      expect(typeof module.handler, fn.id).toBe('function');
    }
  });
});
