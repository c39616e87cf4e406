import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
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

export interface ToolRunConfig<Request> {
  readonly tool: string;
  readonly endpoint: string;
  /** The shared request schema: a last check in the browser, with the server's own wording. */
  readonly schema: z.ZodType;
  /** The tool's spec fields into a ToolOutput; null when they are missing or malformed. */
  readonly readOutput: (result: JobResult) => ToolOutput | null;
  readonly messages: {
    readonly generated: (output: ToolOutput, request: Request | null) => ToastText;
    readonly failed: ToastText;
    readonly saved: (clientName: string, request: Request | null) => ToastText;
    /** Shown when readOutput finds nothing usable; the spec's 'No content generated' by default. */
    readonly invalid?: string;
  };
}

export interface ToolRun<Request> {
  readonly job: JobState;
  readonly request: Request | null;
  readonly output: ToolOutput | null;
  readonly meta: JobMeta;
  readonly generating: boolean;
  /** Validates against the schema, then starts the job; false when the request was refused here. */
  generate(request: Request): boolean;
}

export function useToolRun<Request>(config: ToolRunConfig<Request>): ToolRun<Request> {
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

  const job = useGenerationJob<Request>({ tool: config.tool, endpoint: config.endpoint, onSettled });
  const { state, start } = job;

  const output = useMemo(
    () => (state.phase === 'succeeded' && state.result ? readOutput(state.result) : null),
    [state.phase, state.result, readOutput],
  );
  const meta = useMemo(
    () => readJobMeta(state.phase === 'succeeded' ? state.result : null),
    [state.phase, state.result],
  );

  const { schema } = config;
  const generate = useCallback(
    (request: Request) => {
      const parsed = schema.safeParse(request);
      if (!parsed.success) {
        showToast({ title: ERROR_TITLE, description: firstIssueMessage(parsed.error) }, 'destructive');
        return false;
      }
      void start(request);
      return true;
    },
    [schema, start],
  );

  return { job: state, request: job.request, output, meta, generating: job.active, generate };
}
