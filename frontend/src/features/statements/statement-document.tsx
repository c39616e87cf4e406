import { Download, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { CONTENT_STATUS_LABELS, statusOf } from '#shared/content-status';
import { type Statement, statementFileName } from '#shared/statement';
import { statementCsv } from '#shared/statement-csv';
import { ContentStatusBadge } from '@/components/content/content-status-badge';
import { downloadTextFile } from '@/components/tool/download';
import { Button } from '@/components/ui/button';

/**
 * The statement as the agency sends it: who and which month, what was delivered, the
 * jobs and their cost, and the totals. The same document in the app and on the public link's page; the
 * print stylesheet (index.css, `@media print`) leaves only it on the page, and no row is cut in two.
 */

/** Costs at their real precision (to the micro-dollar, at least to the cent): `$0.0042`, `$1.234567`. */
export function formatCost(usd: number): string {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
}

/** The billed amount, to the cent. */
export function formatBilled(usd: number): string {
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `2026-11` → `November 2026`. */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
}

function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="statement-table overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold text-base">{caption}</caption>
        <thead className="text-left text-muted-foreground">{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const th = 'py-2 pr-3 font-medium';

/** Download CSV and Print / Save as PDF: the same on both pages, never printed. */
export function StatementFileActions({ statement }: { statement: Statement }) {
  return (
    <>
      <Button
        type="button"
        variant="outline"
        onClick={() =>
          downloadTextFile(
            statementFileName(statement.clientName, statement.month, 'csv'),
            statementCsv(statement),
            'text/csv',
          )
        }
      >
        <Download />
        Download CSV
      </Button>
      <Button type="button" variant="outline" onClick={() => window.print()}>
        <Printer />
        Print / Save as PDF
      </Button>
    </>
  );
}

/** `titleLevel` 1 on the public page, where the client's name is the page's heading. */
export function StatementDocument({
  statement,
  titleLevel = 2,
}: {
  statement: Statement;
  titleLevel?: 1 | 2;
}) {
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="statement-document grid gap-8" aria-label={`Statement for ${statement.clientName}`}>
      <header className="grid gap-1 border-b pb-4">
        <p className="text-muted-foreground text-sm">Statement</p>
        <Title className="font-semibold text-2xl [overflow-wrap:anywhere]">{statement.clientName}</Title>
        <p className="text-muted-foreground">
          {monthLabel(statement.month)} · times in {statement.timeZone.replaceAll('_', ' ')}
        </p>
      </header>

      <section className="grid gap-2" aria-label="Content delivered">
        {statement.items.length === 0 ? (
          <>
            <h3 className="font-semibold text-base">Content delivered</h3>
            <p className="text-muted-foreground text-sm">Nothing was delivered this month.</p>
          </>
        ) : (
          <Table
            caption={`Content delivered (${statement.items.length})`}
            head={
              <tr className="border-b">
                <th scope="col" className={th}>
                  Title
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell print:table-cell`}>
                  Tool
                </th>
                <th scope="col" className={th}>
                  Status
                </th>
                <th scope="col" className="py-2 font-medium">
                  Published link
                </th>
              </tr>
            }
          >
            {statement.items.map((item) => (
              <tr key={item.contentId} className="border-b align-top last:border-0">
                <td className="py-2 pr-3 [overflow-wrap:anywhere]">
                  {item.title}
                  {/* On a phone the tool goes under the title: four columns would break its words. */}
                  <span className="block text-muted-foreground text-xs sm:hidden print:hidden">
                    {item.tool}
                  </span>
                </td>
                <td className="hidden py-2 pr-3 sm:table-cell print:table-cell">{item.tool}</td>
                <td className="py-2 pr-3">
                  <ContentStatusBadge status={statusOf(item.status)} className="print:hidden" />
                  <span className="hidden print:inline">{CONTENT_STATUS_LABELS[statusOf(item.status)]}</span>
                </td>
                <td className="py-2 [overflow-wrap:anywhere]">
                  {item.postUrl ? (
                    <a className="text-primary underline-offset-4 hover:underline" href={item.postUrl}>
                      {item.postUrl}
                    </a>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <section className="grid gap-2" aria-label="AI jobs">
        {statement.jobs.length === 0 ? (
          <>
            <h3 className="font-semibold text-base">AI jobs</h3>
            <p className="text-muted-foreground text-sm">No AI jobs ran for this client this month.</p>
          </>
        ) : (
          <Table
            caption={`AI jobs (${statement.jobs.length})`}
            head={
              <tr className="border-b">
                <th scope="col" className={th}>
                  Tool
                </th>
                <th scope="col" className={th}>
                  Model
                </th>
                <th scope="col" className={`${th} hidden sm:table-cell print:table-cell`}>
                  Provider
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Cost
                </th>
              </tr>
            }
          >
            {statement.jobs.map((job) => (
              <tr key={job.jobId} className="border-b last:border-0">
                <td className="py-2 pr-3">{job.tool}</td>
                <td className="py-2 pr-3 [overflow-wrap:anywhere]">{job.model}</td>
                <td className="hidden py-2 pr-3 sm:table-cell print:table-cell">{job.provider}</td>
                <td className="py-2 text-right tabular-nums">{formatCost(job.costUsd)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>

      <section aria-label="Totals" className="statement-totals ml-auto grid w-full max-w-sm gap-1 text-sm">
        <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt className="text-muted-foreground">AI cost</dt>
          <dd className="text-right tabular-nums" data-testid="statement-cost">
            {formatCost(statement.costUsd)}
          </dd>
          <dt className="text-muted-foreground">Markup</dt>
          <dd className="text-right tabular-nums" data-testid="statement-markup">
            {statement.markupPercent.toLocaleString('en-US', { maximumFractionDigits: 2 })} %
          </dd>
          <dt className="border-t pt-2 font-semibold">Billed</dt>
          <dd
            className="border-t pt-2 text-right font-semibold text-lg tabular-nums"
            data-testid="statement-billed"
          >
            {formatBilled(statement.billedUsd)}
          </dd>
        </dl>
      </section>
    </article>
  );
}
