import { PROVIDER_CALL_LOG_MESSAGES } from '#contract/provider-call-log';
import { requireClientAccess } from '#functions/clients/client-access';
import { logger } from '#functions/commons/logger';
import { ProviderError } from '#functions/providers/ports';
import { saveUsageEstimate } from '#functions/usage/attempt-estimate';
import { UserPusher } from '#functions/websocket/notifier';
import type { TextJobFields } from '#shared/job-results';
import { NO_USAGE } from '#shared/prices';
import { estimateTokens } from '#shared/token-estimate';
import { callerOf, type RunOutcome } from './job-attempt';
import { JobDeadlineError, untilAborted } from './job-deadline';
import { deliverJob, finishSucceededJob, recordJobActivity, saveJobContent } from './job-delivery';
import { type StoredJob, saveAttemptUsage, saveProgress } from './job-store';
import { ProgressStream, saveIntervalMs, type TextDelta } from './progress-stream';
import { resolveProviderForTool } from './provider-choice';
import { replyTokenBudget } from './reply-budget';
import type { ToolContext, ToolDefinition } from './tool-definition';
import { findTool } from './tool-registry';

/**
 * The worker's job: run one generation from its stored request to a stored result, streaming progress
 * and partial text to the requester's browser tabs on the way. Safe to run again for the same job: a
 * finished job is skipped, the library save is keyed on the job id, and so is the activity.
 */

/** Real progress: tokens written so far against the tool's expected length, held below 100 until done. */
export function progressOf(charactersSoFar: number, expectedTokens: number): number {
  const tokens = Math.ceil(charactersSoFar / 4);
  return Math.min(99, Math.floor((100 * tokens) / Math.max(1, expectedTokens)));
}

/** Why Offline wrote the draft, then what the composer says about it (shorter than asked, rules it could not honour). */
export function offlineNotice(reason: string | null, notes: readonly string[]): string | null {
  if (reason === null) return null;
  return [reason, ...notes].join(' ');
}

/** One `job.progress` per delta: the new text only, numbered, with the attempt it belongs to. */
async function pushDeltas(
  pusher: UserPusher,
  job: StoredJob,
  deltas: readonly TextDelta[],
  progress: number,
): Promise<void> {
  for (const { seq, delta } of deltas) {
    await pusher.push({
      type: 'job.progress',
      jobId: job.id,
      tool: job.tool,
      progress,
      attempt: job.attempts,
      seq,
      delta,
    });
  }
}

async function generate<Input, Result extends Record<string, unknown>>(
  job: StoredJob,
  tool: ToolDefinition<Input, Result>,
  signal: AbortSignal,
): Promise<void> {
  // Pushes carry only new text, numbered, first visible text at once (progress-stream.ts); the
  // connection ids are looked up now, beside the slow steps below, and then every few seconds, not for
  // every push (notifier.ts).
  const pusher = new UserPusher(job.userId);
  pusher.lookUpConnections();
  const caller = callerOf(job);
  const input = tool.requestSchema.parse(job.request);
  const clientId = tool.clientId(input);
  const client = clientId ? await requireClientAccess(caller, clientId) : null;
  const sourceUrl = tool.sourceUrl(input);
  // Only a rewrite of a web page fetches one: the fetcher and its address checks load with the first.
  const source = sourceUrl
    ? await (await import('#functions/commons/fetch-source')).fetchSource(sourceUrl)
    : null;
  // The job's creation time, not the clock: a retried job composes the same text and the same dates.
  const context: ToolContext = { client, source, now: new Date(job.createdAt) };

  let offlineNotes: readonly string[] = [];
  const choice = await resolveProviderForTool(tool.modelId(input), async () => {
    const draft = await tool.composeOffline(input, context);
    offlineNotes = draft.notes;
    return draft.text;
  });
  const prompt = tool.buildPrompt(input, context);
  const expected = tool.expectedOutputTokens(input);

  const pushes = new ProgressStream();
  let lastSave = Date.now();
  let savedLength = 0;
  // Until the provider reports what the attempt consumed (at the end of its stream), the attempt's usage is
  // an estimate of what was sent and what it has streamed so far, saved with the first text (the provider
  // took the call) and again with each saved progress: a crash that cuts the call off leaves that estimate,
  // marked as one, instead of nothing (docs/decisions.md, "Usage: a crashed attempt is estimated");
  // functions/usage/attempt-estimate.ts keeps none for the offline composer.
  const inputEstimate = estimateTokens(prompt.system) + estimateTokens(prompt.prompt);
  let reported = false;
  let estimateSaved = false;
  const saveEstimate = async () => {
    if (reported) return;
    estimateSaved = true;
    await saveUsageEstimate(job, {
      provider: choice.servedBy,
      modelId: tool.modelId(input),
      measure: { ...NO_USAGE, inputTokens: inputEstimate, outputTokens: estimateTokens(pushes.fullText) },
      ownKey: false,
    });
  };
  const stream = choice.provider.streamText({
    apiModelId: choice.apiModelId,
    system: prompt.system,
    prompt: prompt.prompt,
    maxOutputTokens: replyTokenBudget(tool.modelId(input), expected),
    signal,
  });
  for await (const event of untilAborted(stream, signal)) {
    if (event.type === 'usage') {
      // Kept as soon as the provider reports it: a reply cut off at its limit fails the job right after,
      // and what it consumed still counts. It replaces the estimate.
      reported = true;
      await saveAttemptUsage(job, {
        provider: choice.servedBy,
        modelId: tool.modelId(input),
        measure: {
          ...NO_USAGE,
          inputTokens: event.inputTokens,
          outputTokens: event.outputTokens,
          reasoningTokens: event.reasoningTokens ?? 0,
        },
        ownKey: false,
      });
      continue;
    }
    if (event.type !== 'text') continue;
    pushes.append(event.text);
    const now = Date.now();
    const due = pushes.due(now);
    if (due.length === 0) continue;
    const progress = progressOf(pushes.fullText.length, expected);
    await pushDeltas(pusher, job, due, progress);
    if (now - lastSave >= saveIntervalMs(savedLength)) {
      lastSave = now;
      const snapshot = pushes.snapshot();
      savedLength = snapshot.text.length;
      await Promise.all([
        saveProgress(job.id, progress, { attempt: job.attempts, ...snapshot }),
        saveEstimate(),
      ]);
    } else if (!estimateSaved) {
      await saveEstimate();
    }
  }
  // The rest of the text, so the pushes add up to the whole reply before the job succeeds.
  const text = pushes.fullText;
  await pushDeltas(pusher, job, pushes.flush(), progressOf(text.length, expected));

  if (choice.servedBy !== 'offline') {
    logger.info(PROVIDER_CALL_LOG_MESSAGES.ProviderCallsSucceeded, {
      jobId: job.id,
      provider: choice.servedBy,
    });
  }
  const parsed = tool.parseResult(text, input, context);
  // The tool's fields and the engine's, as the OpenAPI document describes them (shared/job-results.ts).
  const result: Record<string, unknown> & TextJobFields = {
    ...parsed,
    provider: choice.servedBy,
    model: tool.modelId(input),
    notice: offlineNotice(choice.fallbackReason, offlineNotes),
    // The same notes as a list, for screens that show them one per line.
    ...(choice.servedBy === 'offline' ? { offlineNotes: [...offlineNotes] } : {}),
  };

  let savedContentId: string | null = null;
  const toSave = client ? tool.contentToSave(input, parsed, context) : null;
  if (client && toSave) {
    const saved = await saveJobContent(job, client, toSave, choice.servedBy);
    savedContentId = saved.id;
    result.savedContent = saved;
  }

  // A multi-platform child's activity is recorded by its run, once per item (a social child is several).
  if (job.parentJobId === null) {
    const activity = tool.activity(input, parsed);
    await recordJobActivity(caller, job, activity, choice.servedBy, savedContentId);
  }

  await finishSucceededJob(job, { result, servedBy: choice.servedBy, savedContentId }, (event) =>
    pusher.push(event),
  );
}

/**
 * `signal` aborts at the invocation's deadline (functions/generation/job-deadline.ts): the provider call
 * stops and the job is retried or failed with a message, instead of being cut off by the Lambda timeout.
 */
export function runJob(
  jobId: string,
  receiveCount: number,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunOutcome> {
  return deliverJob({
    jobId,
    receiveCount,
    findTool,
    run: (job, tool) => generate(job, tool, signal),
    failedAttemptLog: 'Generation attempt failed',
    onFailedAttempt: (job, error) => {
      if (error instanceof ProviderError || error instanceof JobDeadlineError) {
        // Counted by the provider error-rate alarm (infra/alarms.ts).
        logger.warn(PROVIDER_CALL_LOG_MESSAGES.ProviderCallsFailed, { jobId, tool: job.tool });
      }
    },
  });
}
