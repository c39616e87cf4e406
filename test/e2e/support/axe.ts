/**
 * Accessibility checks for the browser tests (docs/decisions.md, "Accessibility"): axe-core 4.14, injected
 * into the page, with the WCAG 2.0/2.1 A and AA rules plus axe's best practices. Any screen's e2e can call
 * `expectNoAxeViolations(page, 'clients with the add dialog open')` in each state it reaches.
 *
 * axe-core is used directly rather than through @axe-core/playwright, whose 4.14 release requires
 * Node 22. The app's preview frames are sandboxed without scripts, so axe could not run inside them
 * either way: the check covers the top document.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { settleAnimations } from './e2e';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The violations axe finds on the page as it is now, one entry per rule with the offending nodes. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  await settleAnimations(page);
  // The callbacks run in the page; Node's type-check has no DOM lib, so they reach axe via globalThis.
  const injected = await page.evaluate(() => 'axe' in globalThis);
  // Evaluated through the DevTools protocol, as @axe-core/playwright does: a script tag would be refused
  // by the app's CSP (script-src 'self').
  if (!injected) await page.evaluate(axe.source);
  // Only violations are read: `resultTypes` has axe keep one node per passed or inapplicable rule
  // instead of every node it checked, which is most of a run's time and of the result sent back.
  const results = await page.evaluate(
    (tags) =>
      (globalThis as unknown as { axe: typeof axe }).axe.run({
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [...AXE_TAGS],
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Throws with a readable list of every violation, naming the state so a failing walk says where. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  let findings = await axeViolations(page);
  // A run takes seconds on a busy machine, and a tooltip or toast can begin to fade in meanwhile (a
  // delayed tooltip under a tapped button, seen on the phone walk): measured mid-fade, its text fails
  // color-contrast. The page is read again once it is at rest; what it still shows is what it is.
  if (findings.length > 0) findings = await axeViolations(page);
  if (findings.length === 0) return;
  const lines = findings.map(
    (finding) =>
      `  [${finding.impact}] ${finding.rule}: ${finding.help}\n    ${finding.targets.join('\n    ')}`,
  );
  throw new Error(`axe found ${findings.length} violation(s) in "${state}":\n${lines.join('\n')}`);
}
