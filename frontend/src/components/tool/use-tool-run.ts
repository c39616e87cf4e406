import { useCallback, useMemo } from 'react';
import type * as z from 'zod/mini';
import { type ToolId, toolEndpoint } from '#shared/tools/catalog';
import { firstIssueMessage, TOOL_MESSAGES, type ToastText } from '#shared/tools/common';
import type { JobResult, JobState } from './job-state';
import { ERROR_TITLE } from './tool-messages';
import { type JobMeta, readJobMeta, type ToolOutput } from './tool-output';
import { showToast } from './tool-toast';
import { type SettledJob, useGenerationJob } from './use-generation-job';

/**
 * A tool page's generation, end to end: validate, run the job, read the result into a ToolOutput and
 * show the spec's toasts (generated with word count, saved to client, generation failed). Pages only
 * say how their result reads and which words they use.
 */

export interface ToolRunConfig<Request, Output = ToolOutput> {
  /** The tool's id in the catalog: its route (`toolEndpoint`) and the key of its last job. */
  readonly tool: ToolId;
  /** The shared request schema: a last check in the browser, with the server's own wording. */
  readonly schema: z.ZodMiniType;
  /** The tool's spec fields into a ToolOutput; null when they are missing or malformed. */
  readonly readOutput: (result: JobResult) => Output | null;
  readonly messages: {
    readonly generated: (output: Output, request: Request | null) => ToastText;
    readonly failed: ToastText;
    readonly saved: (clientName: string, request: Request | null) => ToastText;
    /** Shown when readOutput finds nothing usable; the spec's 'No content generated' by default. */
    readonly invalid?: string;
  };
}

export interface ToolRun<Request, Output = ToolOutput, Form = unknown> {
  readonly job: JobState;
  readonly request: Request | null;
  readonly output: Output | null;
  readonly meta: JobMeta;
  readonly generating: boolean;
  /**
   * Why the last run gave no result, in the error toast's words ('Generation Failed: ...'); null while
   * it runs, after a success and before any run. The result card announces it.
   */
  readonly failure: string | null;
  /**
   * Validates against the schema, then starts the job, storing the form values with it (a resumed job
   * restores them); false when the request was refused here.
   */
  generate(request: Request, form?: Form): boolean;
}

export function useToolRun<Request, Output = ToolOutput, Form = unknown>(
  config: ToolRunConfig<Request, Output>,
  options: { onRestore?: (form: Form) => void } = {},
): ToolRun<Request, Output, Form> {
  const { readOutput, messages } = config;

  const onSettled = useCallback(
    ({ state, request, announce }: SettledJob<Request>) => {
      if (state.phase === 'failed') {
        if (!announce) return;
        showToast(
          { title: messages.failed.title, description: state.error || messages.failed.description },
          'destructive',
        );
        return;
      }
      const output = state.result ? readOutput(state.result) : null;
      if (!output) {
        showToast(
          { title: messages.failed.title, description: messages.invalid ?? TOOL_MESSAGES.noContent },
          'destructive',
        );
        return;
      }
      if (!announce) return;
      showToast(messages.generated(output, request), 'success');
      const saved = readJobMeta(state.result).savedContent;
      if (saved) showToast(messages.saved(saved.clientName, request), 'success');
    },
    [readOutput, messages],
  );

  const job = useGenerationJob<Request, Form>({
    tool: config.tool,
    endpoint: toolEndpoint(config.tool),
    onSettled,
    ...(options.onRestore ? { onRestore: options.onRestore } : {}),
  });
  const { state, start } = job;

  const output = useMemo(
    () => (state.phase === 'succeeded' && state.result ? readOutput(state.result) : null),
    [state.phase, state.result, readOutput],
  );
  const meta = useMemo(
    () => readJobMeta(state.phase === 'succeeded' ? state.result : null),
    [state.phase, state.result],
  );

  const failure = useMemo(() => {
    if (state.phase === 'failed')
      return `${messages.failed.title}: ${state.error || messages.failed.description}`;
    if (state.phase === 'succeeded' && output === null)
      return `${messages.failed.title}: ${messages.invalid ?? TOOL_MESSAGES.noContent}`;
    return null;
  }, [state.phase, state.error, output, messages]);

  const { schema } = config;
  const generate = useCallback(
    (request: Request, form?: Form) => {
      const parsed = schema.safeParse(request);
      if (!parsed.success) {
        showToast({ title: ERROR_TITLE, description: firstIssueMessage(parsed.error) }, 'destructive');
        return false;
      }
      void start(request, form);
      return true;
    },
    [schema, start],
  );

  return { job: state, request: job.request, output, meta, generating: job.active, failure, generate };
}
