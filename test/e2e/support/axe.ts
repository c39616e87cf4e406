/**
 * Accessibility checks for the browser tests (issue 18): axe-core 4.14 through @axe-core/playwright,
 * with the WCAG 2.0/2.1 A and AA rules plus axe's best practices. Any screen's e2e can call
 * `expectNoAxeViolations(page, 'clients with the add dialog open')` in each state it reaches.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The violations axe finds on the page as it is now, one entry per rule with the offending nodes. */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Let enter animations finish: a half-faded dialog or toast would be measured at partial opacity.
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page }).withTags([...AXE_TAGS]).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Throws with a readable list of every violation, naming the state so a failing walk says where. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const findings = await axeViolations(page);
  if (findings.length === 0) return;
  const lines = findings.map(
    (finding) =>
      `  [${finding.impact}] ${finding.rule}: ${finding.help}\n    ${finding.targets.join('\n    ')}`,
  );
  throw new Error(`axe found ${findings.length} violation(s) in "${state}":\n${lines.join('\n')}`);
}
