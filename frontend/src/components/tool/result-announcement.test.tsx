import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { readJobMeta } from './tool-output';
import { GENERATING_ANNOUNCEMENT, ResultCard } from './tool-page';

/**
 * The result card's polite live region follows the run (Generating..., then the result or
 * the failure), and a busy button stays focusable (aria-disabled, never disabled).
 */

const meta = readJobMeta(null);

const announcement = (state: { writing: boolean; ready: boolean; failure?: string | null }): string => {
  const html = renderToStaticMarkup(
    <ResultCard wordCount={null} readyMessage="FAQ ready: 300 words" meta={meta} {...state}>
      <p>body</p>
    </ResultCard>,
  );
  const match = /<p role="status"[^>]*>([^<]*)<\/p>/u.exec(html);
  if (!match) throw new Error(`No live region in ${html}`);
  return match[1] ?? '';
};

describe('ResultCard live region', () => {
  it('says nothing before a run', () => {
    expect(announcement({ writing: false, ready: false })).toBe('');
  });

  it('says Generating... while the job runs, even over an earlier result or failure', () => {
    expect(announcement({ writing: true, ready: false })).toBe(GENERATING_ANNOUNCEMENT);
    expect(announcement({ writing: true, ready: false, failure: 'Generation Failed: busy' })).toBe(
      GENERATING_ANNOUNCEMENT,
    );
  });

  it('says the ready message once the result is shown', () => {
    expect(announcement({ writing: false, ready: true })).toBe('FAQ ready: 300 words');
  });

  it('says why the run gave no result', () => {
    expect(announcement({ writing: false, ready: false, failure: 'Generation Failed: busy' })).toBe(
      'Generation Failed: busy',
    );
  });
});

describe('Button busy', () => {
  it('is aria-disabled and never disabled, even when the caller also disables it', () => {
    const html = renderToStaticMarkup(
      <Button busy disabled>
        Saving...
      </Button>,
    );
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toMatch(/\sdisabled=/u);
  });

  it('is a plain button when not busy', () => {
    const html = renderToStaticMarkup(<Button disabled>Save</Button>);
    expect(html).toMatch(/\sdisabled=""/u);
    expect(html).not.toContain('aria-disabled');
  });
});
