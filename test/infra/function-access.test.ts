import { describe, expect, it } from 'vitest';
import { httpFunctions, httpRoutes, MCP_PATH, routesOf } from '#contract/routes';
import {
  BACKGROUND_ACCESS,
  DEFAULT_ROUTE_ACCESS,
  FOLDER_ACCESS,
  functionAccess,
  functionFolder,
  NO_ACCESS,
} from '#infra/function-access';
import { TOOL_ROUTE_ENTRIES } from '#shared/tools/catalog';

describe('function access', () => {
  it('has a deliberate entry for every handler folder of the route table', () => {
    const folders = new Set(httpFunctions.map(functionFolder));
    for (const folder of folders) expect(Object.keys(FOLDER_ACCESS)).toContain(folder);
  });

  it('lets only generation endpoints (tools and the public API’s own), bulk runs and webhook events enqueue', () => {
    // These queue webhook attempts, never a job (docs/architecture.md, "Webhooks"): the endpoints' own
    // routes (a test event, a redelivery) and the functions whose work is an event.
    const webhookSenders = new Set(['ApiKeys', 'Reviews', 'ContentSaves', 'WordPress', 'Channels']);
    for (const fn of httpFunctions.filter((candidate) => functionAccess(candidate).jobsQueue)) {
      if (webhookSenders.has(fn.id)) continue;
      expect(fn.entry).toMatch(/^functions\/(tools|public-api|batches)\//);
      for (const route of routesOf(fn.id)) {
        expect(route.id).toMatch(/^(Generate|RewriteBlog|TextToSpeech|[A-Za-z]*Batch)/);
      }
    }
  });

  it('gives public routes no access at all', () => {
    // GET /api/media is public for <img>/<audio> tags, which send no header; its signed token is the check.
    // A review link's routes are public for reviewers without an account: the link's token is
    // the check, and they read and write the one item it names, with the app's own review routes.
    // A statement link's route likewise: its token is the check, and it reads the one
    // client's statement with the app's own statement routes. A platform's OAuth redirect back carries
    // the authorization's state, which is the check: it finishes the one authorization that state names.
    const tokenChecked = new Set([
      'ChannelOAuthCallback',
      'GetMedia',
      'GetPublicReview',
      'CreatePublicReviewComment',
      'DecidePublicReview',
      'GetPublicStatement',
    ]);
    for (const route of httpRoutes.filter(
      (candidate) => candidate.auth === 'public' && !tokenChecked.has(candidate.id),
    )) {
      // The health check shares its function with the MCP server, which holds no data access either: it
      // calls the API back with its caller's credentials (functions/mcp/).
      expect(routesOf(route.function.id).filter((other) => other.path !== MCP_PATH)).toHaveLength(1);
      expect(functionAccess(route.function)).toEqual(NO_ACCESS);
    }
  });

  // The generation routes and the bulk runs' feeder read them only to know whether a job can cost money
  // (functions/budgets/billable-estimate.ts; docs/decisions.md, "Client budgets that tell the truth").
  it('keeps the provider keys to the workers, image analysis and the routes that start jobs', () => {
    const functions = httpFunctions.filter((fn) => functionAccess(fn).providerSecret).map((fn) => fn.id);
    // Every tool's own generation function (shared/tools/catalog.ts), and these.
    const toolFunctions = TOOL_ROUTE_ENTRIES.filter(([, route]) => !route.sharedFunction).map(
      ([, route]) => route.id,
    );
    expect(functions.sort()).toEqual(
      [...toolFunctions, 'AnalyzeImage', 'Batches', 'GbpPost', 'GenerateContent', 'SocialContent'].sort(),
    );
    expect(toolFunctions).toContain('GenerateNewsletter');
    const holders = Object.entries(BACKGROUND_ACCESS)
      .filter(([, access]) => access.providerSecret)
      .map(([name]) => name);
    expect(holders).toEqual(['worker', 'deadLetters', 'batchFeeder']);
  });

  it('lets client writes encrypt and WordPress routes decrypt with the WordPress key, nobody else', () => {
    for (const fn of httpFunctions) {
      const use = functionAccess(fn).wordpressKey;
      // Client writes seal a WordPress password; the webhook routes an endpoint's signing secret.
      if (use === 'encrypt') expect(['Clients', 'ApiKeys']).toContain(fn.id);
      else if (use === 'decrypt') expect(functionFolder(fn)).toBe('wordpress');
      // The channels' tokens are sealed where they are refreshed, and opened where they are used.
      else if (use === 'encryptDecrypt') expect(fn.id).toBe('Channels');
      else expect(use).toBe(false);
    }
    expect(BACKGROUND_ACCESS.scheduledPublisher.wordpressKey).toBe('encryptDecrypt');
    // The worker opens the webhooks' signing secrets to sign their attempts.
    expect(BACKGROUND_ACCESS.worker.wordpressKey).toBe('decrypt');
    expect(BACKGROUND_ACCESS.httpAuthorizer.wordpressKey).toBe(false);
  });

  it('lets the WordPress routes push their activities to the admins live', () => {
    expect(functionAccess({ entry: 'functions/wordpress/routes.ts' }).webSocket).toBe(true);
  });

  it('falls back to table-only access for a folder it does not know', () => {
    expect(functionAccess({ entry: 'functions/brand-new/handler.ts' })).toEqual(DEFAULT_ROUTE_ACCESS);
    expect(DEFAULT_ROUTE_ACCESS).toEqual({ ...NO_ACCESS, table: 'readWrite' });
  });

  it('refuses an entry outside functions/<folder>/', () => {
    expect(() => functionFolder({ entry: 'handler.ts' })).toThrow('is not under functions/<folder>/');
  });
});
