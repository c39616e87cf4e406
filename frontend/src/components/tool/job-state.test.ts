import { describe, expect, it } from 'vitest';
import {
  initialJobState,
  type JobEvent,
  type JobState,
  jobEventFromMessage,
  jobReducer,
  needsResync,
  parsePolledJob,
  pollFailureAction,
} from './job-state';

const run = (events: JobEvent[], from: JobState = initialJobState) => events.reduce(jobReducer, from);
const running = run([{ type: 'submit' }, { type: 'accepted', jobId: 'j1' }]);

describe('jobReducer', () => {
  it('goes from submit to running to succeeded, ending at 100', () => {
    const state = run(
      [
        { type: 'progress', jobId: 'j1', progress: 12, text: '<h1>Hel' },
        { type: 'progress', jobId: 'j1', progress: 40, text: '<h1>Hello</h1><p>Wor' },
        { type: 'succeeded', jobId: 'j1', result: { generatedHtml: '<h1>Hello</h1>' } },
      ],
      running,
    );
    expect(state).toMatchObject({
      phase: 'succeeded',
      progress: 100,
      result: { generatedHtml: '<h1>Hello</h1>' },
    });
  });

  it("ignores another job's events", () => {
    const state = run([{ type: 'progress', jobId: 'other', progress: 50, text: 'x' }], running);
    expect(state).toBe(running);
  });

  it('never lets progress or the partial text go back, and holds progress below 100 until done', () => {
    const state = run(
      [
        { type: 'progress', jobId: 'j1', progress: 60, text: 'abcdef' },
        { type: 'progress', jobId: 'j1', progress: 30, text: 'abc' },
        { type: 'polled', job: { id: 'j1', status: 'running', progress: 20, result: null, error: null } },
        { type: 'progress', jobId: 'j1', progress: 150 },
      ],
      running,
    );
    expect(state.progress).toBe(99);
    expect(state.partialText).toBe('abcdef');
  });

  it('settles once: a late progress or a second success changes nothing', () => {
    const done = run([{ type: 'succeeded', jobId: 'j1', result: { a: 1 } }], running);
    expect(run([{ type: 'progress', jobId: 'j1', progress: 10 }], done)).toBe(done);
    expect(run([{ type: 'succeeded', jobId: 'j1', result: { a: 2 } }], done)).toBe(done);
    expect(run([{ type: 'failed', jobId: 'j1', error: 'x' }], done)).toBe(done);
  });

  it('replays events that arrived before the POST answered with their job id', () => {
    const state = run([
      { type: 'submit' },
      { type: 'progress', jobId: 'j9', progress: 30, text: 'early' },
      { type: 'succeeded', jobId: 'j9', result: { content: 'done' } },
      { type: 'progress', jobId: 'someone-else', progress: 80 },
      { type: 'accepted', jobId: 'j9' },
    ]);
    expect(state).toMatchObject({
      phase: 'succeeded',
      jobId: 'j9',
      progress: 100,
      partialText: 'early',
      early: [],
    });
  });

  it('fails without a job id when the request itself is refused', () => {
    const state = run([
      { type: 'submit' },
      { type: 'failed', jobId: null, error: 'Please enter a newsletter topic.' },
    ]);
    expect(state).toMatchObject({ phase: 'failed', error: 'Please enter a newsletter topic.' });
  });

  it('settles from a poll as well as from the socket', () => {
    const succeeded = run(
      [
        {
          type: 'polled',
          job: { id: 'j1', status: 'succeeded', progress: 100, result: { x: 1 }, error: null },
        },
      ],
      running,
    );
    expect(succeeded).toMatchObject({ phase: 'succeeded', result: { x: 1 } });
    const failed = run(
      [{ type: 'polled', job: { id: 'j1', status: 'failed', progress: 40, result: null, error: 'Bad key' } }],
      running,
    );
    expect(failed).toMatchObject({ phase: 'failed', error: 'Bad key' });
    const empty = run(
      [{ type: 'polled', job: { id: 'j1', status: 'succeeded', progress: 100, result: null, error: null } }],
      running,
    );
    expect(empty).toMatchObject({ phase: 'failed', error: 'No content generated' });
  });

  it('shows why the server is retrying until progress resumes', () => {
    const retrying = run([{ type: 'retrying', jobId: 'j1', error: 'Rate limited' }], running);
    expect(retrying.retryNote).toBe('Rate limited');
    const queued = run(
      [
        {
          type: 'polled',
          job: { id: 'j1', status: 'queued', progress: 0, result: null, error: 'Timed out' },
        },
      ],
      running,
    );
    expect(queued.retryNote).toBe('Timed out');
    expect(run([{ type: 'progress', jobId: 'j1', progress: 5, text: 'a' }], retrying).retryNote).toBeNull();
  });

  it('resumes a stored job as running and marks it resumed; reset returns to idle', () => {
    const resumed = run([{ type: 'resume', jobId: 'j5' }]);
    expect(resumed).toMatchObject({ phase: 'running', jobId: 'j5', resumed: true });
    expect(run([{ type: 'reset' }], resumed)).toBe(initialJobState);
  });
});

describe('jobEventFromMessage', () => {
  it('reads the four job messages of the worker', () => {
    expect(
      jobEventFromMessage({ type: 'job.progress', jobId: 'a', tool: 'faq', progress: 42, text: '<p>' }),
    ).toEqual({
      type: 'progress',
      jobId: 'a',
      progress: 42,
      text: '<p>',
    });
    expect(jobEventFromMessage({ type: 'job.retrying', jobId: 'a', error: 'busy', attempt: 1 })).toEqual({
      type: 'retrying',
      jobId: 'a',
      error: 'busy',
    });
    expect(jobEventFromMessage({ type: 'job.failed', jobId: 'a', error: 'Bad key' })).toEqual({
      type: 'failed',
      jobId: 'a',
      error: 'Bad key',
    });
    expect(
      jobEventFromMessage({
        type: 'job.succeeded',
        jobId: 'a',
        job: { status: 'succeeded', result: { content: 'x' } },
      }),
    ).toEqual({ type: 'succeeded', jobId: 'a', result: { content: 'x' } });
  });

  it('ignores other messages and treats a success without a result as no content', () => {
    expect(jobEventFromMessage({ type: 'activity.created', id: 'x' })).toBeNull();
    expect(jobEventFromMessage({ type: 'job.progress' })).toBeNull();
    expect(jobEventFromMessage({ type: 'job.succeeded', jobId: 'a', job: {} })).toEqual({
      type: 'failed',
      jobId: 'a',
      error: 'No content generated',
    });
  });
});

describe('parsePolledJob', () => {
  it('reads a job body and refuses anything else', () => {
    expect(parsePolledJob({ id: 'a', status: 'running', progress: 30, result: null, error: null })).toEqual({
      id: 'a',
      status: 'running',
      progress: 30,
      result: null,
      error: null,
    });
    expect(parsePolledJob({ id: 'a', status: 'done' })).toBeNull();
    expect(parsePolledJob(null)).toBeNull();
  });
});

describe('pollFailureAction', () => {
  it('stops on a 401 instead of asking again, forgets a 404, retries the rest', () => {
    expect(pollFailureAction(401)).toBe('stop');
    expect(pollFailureAction(404)).toBe('forget');
    expect(pollFailureAction(500)).toBe('retry');
    expect(pollFailureAction(0)).toBe('retry');
    expect(pollFailureAction(null)).toBe('retry');
  });
});

describe('numbered pushes (job.progress with delta and seq)', () => {
  const delta = (seq: number, text: string, progress = seq * 10): JobEvent => ({
    type: 'progress',
    jobId: 'j1',
    progress,
    delta: { attempt: 1, seq, delta: text },
  });

  it('appends the pushes in order into the partial text, with no resync', () => {
    const state = run([delta(1, '<h1>'), delta(2, 'Hello'), delta(3, '</h1>')], running);
    expect(state.partialText).toBe('<h1>Hello</h1>');
    expect(needsResync(state)).toBe(false);
  });

  it('asks for a resync after a missed push, and a poll with the stored text fills the gap', () => {
    const gapped = run([delta(1, '<h1>'), delta(3, '</h1>')], running);
    expect(gapped.partialText).toBe('<h1>');
    expect(needsResync(gapped)).toBe(true);
    const resynced = run(
      [
        {
          type: 'polled',
          job: {
            id: 'j1',
            status: 'running',
            progress: 20,
            result: null,
            error: null,
            partial: { attempt: 1, seq: 2, text: '<h1>Hello' },
          },
        },
      ],
      gapped,
    );
    expect(resynced.partialText).toBe('<h1>Hello</h1>');
    expect(needsResync(resynced)).toBe(false);
    expect(resynced.progress).toBe(30);
  });

  it('asks for a resync when it joined mid-job (a resumed page whose first push is not number 1)', () => {
    const resumed = run([{ type: 'resume', jobId: 'j1' }, delta(40, 'late text')]);
    expect(resumed.partialText).toBe('');
    expect(needsResync(resumed)).toBe(true);
  });

  it('reads a numbered push from the wire', () => {
    expect(
      jobEventFromMessage({
        type: 'job.progress',
        jobId: 'j1',
        tool: 'newsletter',
        progress: 10,
        attempt: 1,
        seq: 1,
        delta: '<h1>',
      }),
    ).toEqual(delta(1, '<h1>'));
  });

  it('fetches a result too large to push: the pointer asks for a resync, the poll settles the job', () => {
    const event = jobEventFromMessage({
      type: 'job.succeeded',
      jobId: 'j1',
      tool: 'newsletter',
      resultUrl: '/api/jobs/j1',
    });
    expect(event).toEqual({ type: 'resultPending', jobId: 'j1' });
    const pending = run(event ? [event] : [], running);
    expect(pending.phase).toBe('running');
    expect(needsResync(pending)).toBe(true);
    const done = run(
      [
        {
          type: 'polled',
          job: { id: 'j1', status: 'succeeded', progress: 100, result: { generatedHtml: 'x' }, error: null },
        },
      ],
      pending,
    );
    expect(done.phase).toBe('succeeded');
    expect(needsResync(done)).toBe(false);
  });

  it('reads the stored text of a polled job only when the server sent it', () => {
    expect(
      parsePolledJob({
        id: 'a',
        status: 'running',
        progress: 5,
        result: null,
        error: null,
        partial: { attempt: 2, seq: 7, text: 'abc' },
      })?.partial,
    ).toEqual({ attempt: 2, seq: 7, text: 'abc' });
    expect(parsePolledJob({ id: 'a', status: 'running', progress: 5 })).not.toHaveProperty('partial');
  });
});
