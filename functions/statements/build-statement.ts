import type { ClientRecord } from '#functions/clients/client-record';
import type { ContentRecord } from '#functions/content/content-record';
import { listAllContent } from '#functions/content/content-store';
import { readAgencyTimeZone } from '#functions/settings/agency-time-zone';
import { clientUsageBetween } from '#functions/usage/usage-store';
import { contentTypeLabel } from '#shared/content';
import { statusOf } from '#shared/content-status';
import { type Statement, type StatementItem, statementTotals, toUsd } from '#shared/statement';
import { monthRange } from '#shared/time-zone';
import { USAGE_TOOL_LABELS } from '#shared/usage';
import { wordpressLinkOf } from '#shared/wordpress';

/**
 * A client's statement of one month of the agency's zone (docs/decisions.md, "Client statements"). Items: the
 * library items delivered that month, created or published in it. Jobs: the client's usage records of the
 * jobs started in it. Cost and billed amount in micro-dollars until the reply (shared/statement.ts
 * `statementTotals`).
 */

const within = (iso: string | undefined, start: Date, end: Date) => {
  if (!iso) return false;
  const time = Date.parse(iso);
  return time >= start.getTime() && time < end.getTime();
};

/** Published: the item's status says so, and its WordPress date (when the post went out) is known. */
function publishedAt(item: ContentRecord): string | undefined {
  return statusOf(item.status) === 'published' ? item.publishDate : undefined;
}

function toStatementItem(item: ContentRecord): StatementItem {
  const status = statusOf(item.status);
  const link = wordpressLinkOf((item.metadata ?? {}) as Record<string, unknown>);
  return {
    contentId: item.contentId,
    title: item.title,
    tool: contentTypeLabel(item.content_type),
    status,
    ...(status === 'published' && link?.url ? { postUrl: link.url } : {}),
  };
}

export async function buildStatement(client: ClientRecord, month: string): Promise<Statement> {
  const timeZone = await readAgencyTimeZone();
  const { start, end } = monthRange(month, timeZone);
  const [content, usage] = await Promise.all([
    listAllContent(client.clientId),
    clientUsageBetween(client.clientId, start, end),
  ]);
  const items = content
    .filter((item) => within(item.createdAt, start, end) || within(publishedAt(item), start, end))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.contentId.localeCompare(b.contentId))
    .map(toStatementItem);
  const markupBasisPoints = client.markupBasisPoints ?? 0;
  const { costMicroUsd, billedMicroUsd } = statementTotals(
    usage.map((row) => row.costMicroUsd),
    markupBasisPoints,
  );
  return {
    clientName: client.name,
    month,
    timeZone,
    items,
    jobs: usage.map((row) => ({
      jobId: row.jobId,
      tool: USAGE_TOOL_LABELS[row.tool] ?? row.tool,
      model: row.modelId,
      provider: row.provider,
      costUsd: toUsd(row.costMicroUsd),
    })),
    costUsd: toUsd(costMicroUsd),
    markupPercent: markupBasisPoints / 100,
    billedUsd: toUsd(billedMicroUsd),
  };
}
