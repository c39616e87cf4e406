import { setTimeout as delay } from 'node:timers/promises';
import { recordActivity } from '#functions/activities/activity-log';
import { billableEstimate } from '#functions/budgets/billable-estimate';
import { budgetedClientOf } from '#functions/budgets/budgeted-client';
import { reserveBudget } from '#functions/budgets/client-spend';
import { findClientRecord } from '#functions/clients/client-access';
import { saveContentOnce } from '#functions/content/content-saves';
import { derivedUlid } from '#functions/generation/derived-id';
import { MAX_ATTEMPTS } from '#functions/generation/job-attempt';
import { linkedSignal } from '#functions/generation/job-deadline';
import { createJob, getJob, type StoredJob } from '#functions/generation/job-store';
import { runJob } from '#functions/generation/run-job';
import { findTool } from '#functions/generation/tool-registry';
import type { MediaJobContext, MediaToolDefinition } from '#functions/media/media-tool';
import type { ActivityAction } from '#shared/activity';
import { findLanguageModel } from '#shared/models';
import { SOCIAL_PLATFORMS } from '#shared/platforms';
import { savedContentType, savedTitle } from '#shared/saved-title';
import type { MultiPlatformItem, MultiPlatformResult } from '#shared/tool-results';
import { BLOG_REWRITE_ACTIVITY } from '#shared/tools/blog-rewrite';
import { CLIENT_CONTENT_ACTIVITY } from '#shared/tools/client-content';
import { firstIssueMessage } from '#shared/tools/common';
import { FAQ_ACTIVITY } from '#shared/tools/faq';
import { GBP_ACTIVITY } from '#shared/tools/gbp-post';
import { estimateTextTool } from '#shared/tools/job-estimates';
import {
  MULTI_PLATFORM_ACTIVITY,
  MULTI_PLATFORM_MESSAGES,
  type MultiPlatformRequest,
  type MultiPlatformType,
  multiPlatformRequestSchema,
} from '#shared/tools/multi-platform';
import { NEWSLETTER_ACTIVITY } from '#shared/tools/newsletter';
import { PRESS_RELEASE_ACTIVITY } from '#shared/tools/press-release';
import { SOCIAL_ACTIVITY } from '#shared/tools/social-content';
import { type ChildSpec, childSpecs, failedItems, itemsOf } from './child-requests';

/**
 * The Multi-Platform Content Creator as one job: every selected type runs at once as a child job of its
 * existing tool (same engine, provider, parser and activity), and each child's items are gathered as it
 * finishes. A child's failure is an item of the result; the others carry on (001 §4). When asked, each
 * successful item is saved once, under an id derived from the run, with the §3 metadata.
 */

const RETRY_PAUSE_MS = 1_000;

const isFinished = (job: StoredJob | null) => job?.status === 'succeeded' || job?.status === 'failed';

async function runChild(spec: ChildSpec, context: MediaJobContext): Promise<MultiPlatformItem[]> {
  const tool = await findTool(spec.tool);
  if (!tool) return failedItems(spec, null);
  const checked = tool.requestSchema.safeParse(spec.request);
  if (!checked.success) return failedItems(spec, firstIssueMessage(checked.error));
  const childId = derivedUlid(context.jobId, `child:${spec.type}`);
  // Each child counts against the client's budget as it starts: the run itself was admitted, so its
  // children are not refused (docs/decisions.md, "Usage, cost, budgets and bulk runs": a job already running
  // finishes and is counted).
  const clientId = tool.clientId(checked.data);
  const record = clientId ? await findClientRecord(clientId) : null;
  // Offline, a child costs nothing and holds nothing of the budget (billable-estimate.ts).
  const listPrice = estimateTextTool(spec.tool, checked.data);
  const provider = findLanguageModel(tool.modelId(checked.data))?.provider ?? null;
  const estimateMicroUsd = record ? await billableEstimate(provider, listPrice) : listPrice;
  const budgetMonth = record
    ? await reserveBudget(budgetedClientOf(record), childId, estimateMicroUsd, { force: true })
    : null;
  await createJob(context.caller, spec.tool, spec.request, null, childId, context.jobId, {
    clientId,
    apiKeyId: context.caller.apiKeyId ?? null,
    estimateMicroUsd,
    budgetMonth,
  });
  // The engine's own attempts: a retryable failure leaves the child queued for another attempt here.
  let child = await getJob(childId);
  // The run's deadline is the children's too: a slow child ends as a retry, not past the worker's limit.
  const deadline = linkedSignal(context.signal);
  try {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !isFinished(child); attempt += 1) {
      if (attempt > 1) await delay(RETRY_PAUSE_MS * (attempt - 1));
      await runJob(childId, attempt, deadline.signal);
      child = await getJob(childId);
    }
  } finally {
    deadline.dispose();
  }
  if (child?.status === 'succeeded' && child.result) return itemsOf(spec.type, child.result);
  return failedItems(spec, child?.error ?? null);
}

async function saveItem(
  item: MultiPlatformItem,
  input: MultiPlatformRequest,
  context: MediaJobContext,
  clientId: string,
): Promise<string> {
  const platformName = item.platform ? SOCIAL_PLATFORMS[item.platform].name : null;
  const saved = await saveContentOnce({
    contentId: derivedUlid(context.jobId, `save:${item.type}:${item.platform ?? ''}`),
    clientId,
    createdBy: context.caller.userId,
    createdByEmail: context.caller.email,
    title: savedTitle(item.type, { platform: platformName, date: context.now, timeZone: input.timeZone }),
    content: item.content,
    html_content: item.html ?? '',
    content_type: savedContentType(item.type),
    metadata: {
      type: item.type,
      platform: item.platform ?? null,
      generated_at: context.now.toISOString(),
      prompt: input.prompt,
      tone: input.tone,
      model: input.model,
      multi_platform_creator: true,
    },
  });
  return saved.content.id;
}

/** Each item is recorded as the action of the tool that made it (001 §3), marked as part of the run. */
const ITEM_ACTIVITY: Readonly<Record<MultiPlatformType, { action: ActivityAction; resourceType: string }>> = {
  social: SOCIAL_ACTIVITY,
  newsletter: NEWSLETTER_ACTIVITY,
  'press-release': PRESS_RELEASE_ACTIVITY,
  faq: FAQ_ACTIVITY,
  'blog-rewrite': BLOG_REWRITE_ACTIVITY,
  'gbp-post': { action: GBP_ACTIVITY.postAction, resourceType: GBP_ACTIVITY.resourceType },
  'client-content': CLIENT_CONTENT_ACTIVITY,
};

/**
 * One activity per item, failures included (the children record none of their own): a social child
 * with four platforms is four items. Ids derive from the run, so a retried run records each once.
 */
async function recordItemActivities(
  items: readonly MultiPlatformItem[],
  input: MultiPlatformRequest,
  context: MediaJobContext,
): Promise<void> {
  for (const item of items) {
    const activity = ITEM_ACTIVITY[item.type];
    await recordActivity(context.caller, {
      id: derivedUlid(context.jobId, `activity:${item.type}:${item.platform ?? ''}`),
      action: activity.action,
      resourceType: activity.resourceType,
      resourceId: item.savedContentId ?? context.jobId,
      details: {
        multi_platform_creator: true,
        multiPlatformJobId: context.jobId,
        type: item.type,
        platform: item.platform ?? null,
        model: input.model,
        tone: input.tone,
        success: item.success,
        ...(item.error ? { error: item.error } : {}),
      },
    });
  }
}

export const multiPlatformTool: MediaToolDefinition<MultiPlatformRequest, MultiPlatformResult> = {
  name: 'multi-platform',
  requestSchema: multiPlatformRequestSchema,
  clientId: (input) => input.clientId ?? null,
  // Nothing of the run is a media file; the items are saved one by one in run().
  savesToClient: () => false,

  async run(input, context) {
    const specs = childSpecs(input, context.client);
    const gathered: MultiPlatformItem[][] = specs.map(() => []);
    let finished = 0;
    const arrived: MultiPlatformItem[] = [];
    await context.progress(0, specs.length, MULTI_PLATFORM_MESSAGES.progress(0, specs.length));
    await Promise.all(
      specs.map(async (spec, index) => {
        gathered[index] = await runChild(spec, context).catch(() => failedItems(spec, null));
        finished += 1;
        arrived.push(...(gathered[index] ?? []));
        // Results appear as each type finishes: the items so far go with the real progress.
        await context.progress(
          finished,
          specs.length,
          MULTI_PLATFORM_MESSAGES.progress(finished, specs.length),
          { items: arrived },
        );
      }),
    );
    const items = gathered.flat();
    const client = context.client;
    if (input.saveToClient && client) {
      for (const item of items) {
        if (item.success) item.savedContentId = await saveItem(item, input, context, client.id);
      }
    }
    await recordItemActivities(items, input, context);
    return { result: { items }, servedBy: 'multi-platform' };
  },

  contentToSave: () => null,
  activity: (input, result) => ({
    action: MULTI_PLATFORM_ACTIVITY.action,
    resourceType: MULTI_PLATFORM_ACTIVITY.resourceType,
    details: {
      types: input.types,
      model: input.model,
      tone: input.tone,
      succeeded: result.items.filter((item) => item.success).length,
      failed: result.items.filter((item) => !item.success).length,
      saved: result.items.filter((item) => item.savedContentId).length,
    },
  }),
};
