import { describe, expect, it } from 'vitest';
import type { ClientContent } from '#shared/content';
import { EDIT_APPROVAL } from '../messages';
import { approvalWarning, draftOf, withTypedHtml } from './edit-draft';

const item: Pick<ClientContent, 'title' | 'content' | 'html_content'> = {
  title: 'Opening hours',
  content: 'We open at 9.',
  html_content: '<p>We open at 9.</p>',
};

describe('withTypedHtml', () => {
  it('makes the text follow HTML typed in the HTML Content tab', () => {
    const draft = withTypedHtml(draftOf(item), '<h2>Hours</h2><p>We open at 10.</p>');
    expect(draft.html).toBe('<h2>Hours</h2><p>We open at 10.</p>');
    expect(draft.text).toContain('We open at 10.');
    expect(draft.text).not.toContain('at 9');
    // The text's later edits apply to the typed HTML.
    expect(draft.textBase).toBe(draft.text);
  });

  it('keeps the text as written when the typed HTML says the same words', () => {
    const draft = withTypedHtml(draftOf(item), '<p><strong>We open at 9.</strong></p>');
    expect(draft.text).toBe('We open at 9.');
  });
});

describe('approvalWarning', () => {
  it('warns before saving an Approved or Scheduled item that it goes back for approval', () => {
    expect(approvalWarning('approved')).toBe(EDIT_APPROVAL.approved);
    expect(approvalWarning('scheduled')).toBe(EDIT_APPROVAL.scheduled);
    expect(approvalWarning('scheduled')).toMatch(/goes back for approval/u);
    expect(approvalWarning('draft')).toBeNull();
    expect(approvalWarning('in_review')).toBeNull();
  });
});
