import { describe, expect, it } from 'vitest';
import { initialJobState, type JobState } from './job-state';
import { liveResult } from './live-result';
import { toolOutput } from './tool-output';

const running = (partialText: string): JobState => ({
  ...initialJobState,
  phase: 'running',
  jobId: 'j',
  partialText,
});

describe('liveResult', () => {
  it('streams the partial reply with a running word count', () => {
    expect(liveResult(running('<h1>Spring</h1><p>Clean the'), null)).toEqual({
      streaming: { kind: 'html', html: '<h1>Spring</h1><p>Clean the' },
      wordCount: 3,
      writing: true,
    });
    expect(liveResult(running(''), null)).toEqual({
      streaming: { kind: 'empty' },
      wordCount: null,
      writing: true,
    });
  });

  it('shows the finished output once the job is done, and nothing before any job', () => {
    const output = toolOutput('<p>One two three</p>');
    expect(liveResult({ ...initialJobState, phase: 'succeeded' }, output)).toEqual({
      streaming: null,
      wordCount: 3,
      writing: false,
    });
    expect(liveResult(initialJobState, null)).toEqual({ streaming: null, wordCount: null, writing: false });
  });
});
