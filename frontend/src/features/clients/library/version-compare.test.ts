import { describe, expect, it } from 'vitest';
import { formatMomentSeconds } from '@/lib/calendar-dates';
import { HISTORY_DIALOG } from '../messages';
import { compareVersions, restoredFromLabel, versionNumbers } from './version-compare';

describe('compareVersions', () => {
  it('says an HTML-only change changed the HTML, and shows it in the HTML comparison', () => {
    const older = { content: 'Call us today.', html_content: '<p>Call us today.</p>' };
    const newer = { content: 'Call us today.', html_content: '<p><a href="tel:555">Call us</a> today.</p>' };
    const comparison = compareVersions(older, newer);
    expect(comparison.textChanged).toBe(false);
    expect(comparison.htmlChanged).toBe(true);
    expect(comparison.summary).toBe(HISTORY_DIALOG.htmlOnly);
    expect(comparison.html.filter((part) => part.kind === 'added').map((part) => part.text)).toEqual([
      '<a href="tel:555">',
      '</a>',
    ]);
  });

  it('counts the words of a text change and says when nothing changed', () => {
    const older = { content: 'Open at 9. Closed Sunday.', html_content: '<p>Open at 9. Closed Sunday.</p>' };
    const newer = {
      content: 'Open at 10. Closed Sunday.',
      html_content: '<p>Open at 10. Closed Sunday.</p>',
    };
    expect(compareVersions(older, newer).summary).toBe(
      `${HISTORY_DIALOG.added(1)}, ${HISTORY_DIALOG.removed(1)}. ${HISTORY_DIALOG.legend}`,
    );
    expect(compareVersions(older, { ...older }).summary).toBe(HISTORY_DIALOG.noDifference);
  });
});

describe('version numbers and restores', () => {
  // Newest first, as the history lists them.
  const versions = [
    { versionId: 'v3', createdAt: '2026-03-14T15:00:09.000Z', restoredFrom: 'v1' },
    { versionId: 'v2', createdAt: '2026-03-14T15:00:05.000Z' },
    { versionId: 'v1', createdAt: '2026-03-14T15:00:01.000Z' },
  ];

  it('numbers the versions from the oldest once the whole history is loaded', () => {
    expect([...versionNumbers(versions, true)]).toEqual([
      ['v3', 3],
      ['v2', 2],
      ['v1', 1],
    ]);
    expect(versionNumbers(versions, false).size).toBe(0);
  });

  it('says which version a restore came from: its number, else its time to the second', () => {
    expect(restoredFromLabel('v1', versions, versionNumbers(versions, true), formatMomentSeconds)).toBe(
      'Restored from version 1',
    );
    const time = formatMomentSeconds('2026-03-14T15:00:01.000Z');
    expect(time).toMatch(/:\d{2}:01 [AP]M$/u);
    expect(restoredFromLabel('v1', versions, new Map(), formatMomentSeconds)).toBe(
      `Restored from the version of ${time}`,
    );
    expect(restoredFromLabel('v0', versions, new Map(), formatMomentSeconds)).toBe(
      HISTORY_DIALOG.restoredFrom,
    );
  });
});
