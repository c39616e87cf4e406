import { describe, expect, it } from 'vitest';
import { budgetFor } from '../../bench/lambda-budgets';
import { bundleLambdas, lambdaEntries } from '../../bench/lambda-bundles';

/**
 * Issue 15 / DESIGN §6: a size check, not a timing. Every Lambda is bundled as CDK bundles it
 * (bench/lambda-bundles.ts) and its minified size is held to its budget: at most 400 KB for an HTTP
 * handler, 1.2 MB for the text worker. The handlers still over budget (mostly the full zod, ElectroDB
 * and the DynamoDB client in every bundle; the worker's provider SDKs) may not grow past the ceiling
 * listed here, about 10% above their size when this test was written; lower or remove an entry as a
 * handler shrinks. `npm run bench lambda-bundle` prints the figures.
 */
const OVER_BUDGET_CEILING_KB: Readonly<Record<string, number>> = {
  worker: 4100,
  GenerateContent: 2050,
  GeneratePressRelease: 2050,
  GenerateClientContent: 2050,
  GenerateNewsletter: 2050,
  GenerateFaq: 2050,
  FetchContent: 1650,
  UpdateWordPressPost: 1650,
  CreateWordPressPost: 1650,
  RewriteBlog: 1600,
  CreateContent: 1550,
  UpdateContent: 1550,
  DeleteClient: 1400,
  RestoreClient: 1400,
  ResizeImage: 1400,
  // Inlines the OpenAI SDK for its vision path (esbuild does not split dynamic imports out of a bundle).
  AnalyzeImage: 1400,
  RestoreContent: 1400,
  DeleteContent: 1400,
  DeleteWordPressPost: 1300,
  UploadWordPressMedia: 1300,
  GenerateSocialContent: 1300,
  GenerateGbpPost: 1300,
  ListWordPressPosts: 1300,
  ListWordPressCategories: 1300,
  TestWordPressConnection: 1300,
  GenerateImage: 1250,
  UpdateClient: 1250,
  GenerateMultiPlatform: 1250,
  GenerateGbpImage: 1250,
  GenerateSocialImage: 1250,
  TextToSpeech: 1250,
  CreateClient: 1250,
  SignMedia: 1250,
  GetOpenApiDocument: 1250,
  GrantAccess: 1250,
  RevokeAccess: 1250,
  GetContent: 1200,
  ListContent: 1200,
  ListAccess: 1200,
  ListClients: 1200,
  GetClient: 1200,
  ListActivities: 1200,
  CreateApiKey: 1200,
  UpdateApiKey: 1200,
  GetMedia: 900,
  GetJob: 700,
  DeleteApiKey: 700,
  ListApiKeys: 700,
  GetMe: 700,
  GetHealth: 700,
};

describe('Lambda bundle budgets', () => {
  it('keeps every handler within its minified size budget', { timeout: 600_000 }, async () => {
    const entries = lambdaEntries();
    const bundles = await bundleLambdas(entries);
    const offenders: string[] = [];
    let budgeted = 0;
    for (const entry of entries) {
      const budget = budgetFor(entry);
      if (budget === undefined) continue;
      budgeted += 1;
      const bytes = Buffer.byteLength(bundles.get(entry.id) ?? '');
      expect(bytes, `${entry.id} bundled to nothing`).toBeGreaterThan(0);
      const ceilingKb = OVER_BUDGET_CEILING_KB[entry.id];
      const limit = ceilingKb === undefined ? budget : ceilingKb * 1024;
      if (bytes > limit) {
        offenders.push(`${entry.id} (${entry.entry}): ${Math.ceil(bytes / 1024)} KB > ${limit / 1024} KB`);
      }
    }
    expect(budgeted).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });

  it('lists no ceiling for a function that does not exist or already fits its budget', () => {
    const entries = new Map(lambdaEntries().map((entry) => [entry.id, entry]));
    for (const [id, ceilingKb] of Object.entries(OVER_BUDGET_CEILING_KB)) {
      const entry = entries.get(id);
      expect(entry, `${id} is not a Lambda of the stack`).toBeDefined();
      const budget = entry ? budgetFor(entry) : undefined;
      expect(budget, `${id} has no budget`).toBeDefined();
      expect(ceilingKb * 1024).toBeGreaterThan(budget ?? 0);
    }
  });
});
