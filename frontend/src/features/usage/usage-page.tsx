import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, ReceiptText } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatUsd, type PriceRow, priceRows } from '#shared/prices';
import {
  USAGE_GROUP_BYS,
  USAGE_GROUP_LABELS,
  USAGE_PROVIDER_LABELS,
  USAGE_PROVIDERS,
  USAGE_TOOL_LABELS,
  type UsageGroupBy,
  type UsageProvider,
  type UsageReply,
  type UsageRow,
  usageCsvName,
} from '#shared/usage';
import { usageJobsCsv } from '#shared/usage-csv';
import { lastMonthIn, thisMonthIn } from '#shared/usage-dates';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ScrollRegion } from '@/components/scroll-region';
import { ClientCombobox } from '@/components/tool/client-combobox';
import { downloadTextFile } from '@/components/tool/download';
import { FETCH_CLIENTS_FAILED, findClient, useToolClients } from '@/components/tool/use-tool-clients';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed } from '@/components/ui/load-failed';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage, isSessionEnded } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { toast } from '@/lib/toast';
import { usageQuery } from './queries';
import { fetchAllUsageJobs, NO_FILTER, type UsageFilter, type UsageRange } from './usage-api';

const CostChart = lazy(() => import('./cost-chart').then((module) => ({ default: module.CostChart })));

const count = (value: number) => value.toLocaleString('en-US');

/** Figures that hold an estimate (an attempt cut off by a crash) read "≈", and a note says why. */
const APPROX = '≈';
const approx = (estimated: boolean) => (estimated ? `${APPROX}\u2009` : '');

/** Select items may not have an empty value, so "all" has a value of its own. */
const ALL = 'all';
const ALL_CLIENTS = 'All clients';

/** The period's days are the agency's time zone's, and so are the presets'. */
function RangePicker({
  range,
  timeZone,
  onChange,
}: {
  range: UsageRange;
  timeZone: string;
  onChange: (range: UsageRange) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range]);
  const invalid = from === '' || to === '' || from > to;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onChange({ from, to });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="usage-from">From</Label>
        <Input id="usage-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="usage-to">To</Label>
        <Input id="usage-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
      </div>
      <Button type="submit" disabled={invalid}>
        Show
      </Button>
      <Button type="button" variant="outline" onClick={() => onChange(thisMonthIn(timeZone))}>
        This month
      </Button>
      <Button type="button" variant="outline" onClick={() => onChange(lastMonthIn(timeZone))}>
        Last month
      </Button>
    </form>
  );
}

/**
 * The client and provider filters (GET /api/usage's `clientId` and `provider`). The client is picked as
 * in the tools, from a first page and a search on the server, never the whole list (docs/benchmarks.md,
 * "Signed-in screens").
 */
function FilterBar({ filter, onChange }: { filter: UsageFilter; onChange: (filter: UsageFilter) => void }) {
  const { clients, loading, failed, search } = useToolClients([]);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FormField label="Client" htmlFor="usage-client" className="w-64 max-w-full gap-1.5">
        {/* A picker's list always has its search (useToolClients without `every`). */}
        {search && (
          <ClientCombobox
            id="usage-client"
            search={search}
            chosen={findClient(clients, filter.clientId)}
            value={filter.clientId}
            onChange={(clientId) => onChange({ ...filter, clientId })}
            allowNone
            noneLabel={ALL_CLIENTS}
            placeholder={ALL_CLIENTS}
            disabled={loading || failed}
            failed={failed}
            failedText={FETCH_CLIENTS_FAILED}
            loading={loading}
            // "All clients" is a choice of the filter, not a placeholder: shown as the provider's.
            className={failed ? 'text-destructive' : 'data-[placeholder]:text-foreground'}
          />
        )}
      </FormField>
      <div className="grid w-52 max-w-full gap-1.5">
        <Label htmlFor="usage-provider">Provider</Label>
        <Select
          value={filter.provider ?? ALL}
          onValueChange={(value) =>
            onChange({ ...filter, provider: value === ALL ? null : (value as UsageProvider) })
          }
        >
          <SelectTrigger id="usage-provider" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All providers</SelectItem>
            {USAGE_PROVIDERS.map((provider) => (
              <SelectItem key={provider} value={provider}>
                {USAGE_PROVIDER_LABELS[provider]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** What the figures leave out or estimate, said once under the breakdown and the totals. */
function UsageNotes({ totals }: { totals: UsageRow }) {
  if (totals.offlineJobs === 0 && totals.estimatedJobs === 0) return null;
  return (
    <ul className="grid gap-1 text-muted-foreground text-xs" data-testid="usage-notes">
      {totals.offlineJobs > 0 && (
        <li>
          Offline: {count(totals.offlineJobs)} {totals.offlineJobs === 1 ? 'job' : 'jobs'} written by the
          offline composer, at no cost; their {count(totals.offlineTokens)} estimated tokens are not in the
          token counts, which are what providers billed.
        </li>
      )}
      {totals.estimatedJobs > 0 && (
        <li>
          {APPROX} {count(totals.estimatedJobs)} {totals.estimatedJobs === 1 ? 'job was' : 'jobs were'} cut
          off by a crash before the provider reported usage: their usage and cost are estimated from what was
          sent and streamed, or from the images and speech asked for.
        </li>
      )}
    </ul>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Card className="gap-1 py-4">
      <CardHeader className="px-4">
        <CardDescription>{label}</CardDescription>
        <CardTitle className="text-2xl tabular-nums">{value}</CardTitle>
      </CardHeader>
      {detail && <CardContent className="px-4 text-muted-foreground text-xs">{detail}</CardContent>}
    </Card>
  );
}

function BreakdownTable({ rows, groupBy }: { rows: readonly UsageRow[]; groupBy: UsageGroupBy }) {
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">No jobs in this period.</p>;
  return (
    <ScrollRegion label={`Cost by ${USAGE_GROUP_LABELS[groupBy].toLowerCase()}`}>
      {/* On a phone the token, image and speech columns give way (the CSV export keeps them): no sideways scroll. */}
      {/* Figures never wrap (a long client name is cut with an ellipsis, its full name in the tooltip). */}
      <table className="w-full whitespace-nowrap text-sm sm:min-w-[36rem]">
        <caption className="sr-only">Cost by {USAGE_GROUP_LABELS[groupBy].toLowerCase()}</caption>
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-2 pr-3 font-medium">
              {USAGE_GROUP_LABELS[groupBy]}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Jobs
            </th>
            <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
              Input tokens
            </th>
            <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
              Output tokens
            </th>
            <th scope="col" className="hidden py-2 pr-3 text-right font-medium md:table-cell">
              <abbr title="Jobs the offline composer wrote, at no cost" className="no-underline">
                Offline
              </abbr>
            </th>
            <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
              Images
            </th>
            <th scope="col" className="hidden py-2 pr-3 text-right font-medium sm:table-cell">
              Speech (s)
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Cost
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-0" data-testid="usage-row">
              <th
                scope="row"
                className="max-w-40 truncate py-2 pr-3 text-left font-normal sm:max-w-56"
                title={row.label}
              >
                {groupBy === 'tool' ? (USAGE_TOOL_LABELS[row.key] ?? row.label) : row.label}
              </th>
              <td className="py-2 pr-3 text-right">{count(row.jobs)}</td>
              <td className="hidden py-2 pr-3 text-right sm:table-cell">
                {approx(row.estimatedJobs > 0)}
                {count(row.inputTokens)}
              </td>
              <td className="hidden py-2 pr-3 text-right sm:table-cell">
                {approx(row.estimatedJobs > 0)}
                {count(row.outputTokens)}
              </td>
              <td
                className="hidden py-2 pr-3 text-right md:table-cell"
                title={
                  row.offlineJobs > 0 ? `${count(row.offlineTokens)} estimated tokens, not billed` : undefined
                }
              >
                {count(row.offlineJobs)}
              </td>
              <td className="hidden py-2 pr-3 text-right sm:table-cell">{count(row.images)}</td>
              <td className="hidden py-2 pr-3 text-right sm:table-cell">
                {count(Math.round(row.speechSeconds))}
              </td>
              <td className="py-2 text-right font-medium">
                {approx(row.estimatedJobs > 0)}
                {formatUsd(row.costUsd)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function TopJobs({ jobs }: { jobs: UsageReply['topJobs'] }) {
  if (jobs.length === 0) return <p className="text-muted-foreground text-sm">No jobs in this period.</p>;
  return (
    <ol className="grid grid-cols-1 gap-2 text-sm" data-testid="top-jobs">
      {jobs.map((job) => (
        <li key={job.jobId} className="flex items-baseline justify-between gap-3 border-b pb-2 last:border-0">
          <div className="min-w-0">
            <p className="truncate font-medium">{job.title ?? USAGE_TOOL_LABELS[job.tool] ?? job.tool}</p>
            <p className="truncate text-muted-foreground text-xs">
              {USAGE_TOOL_LABELS[job.tool] ?? job.tool} · {job.modelId} ·{' '}
              {USAGE_PROVIDER_LABELS[job.provider as UsageProvider] ?? job.provider} ·{' '}
              {job.clientName ?? 'No client'} · {job.userEmail} · {job.finishedAt.slice(0, 10)}
            </p>
          </div>
          <span
            className="shrink-0 font-medium tabular-nums"
            title={job.estimated ? 'Estimated: an attempt was cut off by a crash' : undefined}
          >
            {approx(job.estimated)}
            {formatUsd(job.costUsd)}
          </span>
        </li>
      ))}
    </ol>
  );
}

function priceText(row: PriceRow): string {
  const { price } = row;
  if (price.kind === 'text')
    return `${formatUsd(price.inputPerMillion)} in / ${formatUsd(price.outputPerMillion)} out per million tokens`;
  if (price.kind === 'speech') return `${formatUsd(price.perMinute)} per minute of speech`;
  if (!price.bySize) return `${formatUsd(price.perImage)} per image`;
  const sizes = Object.entries(price.bySize).map(
    ([size, qualities]) =>
      `${size}: ${Object.entries(qualities)
        .map(([quality, usd]) => `${quality} ${formatUsd(usd)}`)
        .join(', ')}`,
  );
  return `per image, ${sizes.join('; ')}`;
}

/** The price table (shared/prices.ts) with each price's date and page: the one place the UI shows it. */
function PriceTable() {
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer font-medium">Prices used ({priceRows().length} models)</summary>
      <p className="mt-2 text-muted-foreground">
        A job's cost is computed from these prices when it finishes and kept with it. Prices marked “estimate”
        are not confirmed for the model that serves the request: check the provider's page before billing.
      </p>
      <ul className="mt-3 grid gap-2">
        {priceRows().map((row) => (
          <li key={row.modelId} className="grid gap-0.5 border-b pb-2 last:border-0">
            <span className="font-medium">
              {row.label} <span className="text-muted-foreground text-xs">({row.modelId})</span>
              {!row.price.verified && (
                <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-amber-900 text-xs dark:bg-amber-900 dark:text-amber-100">
                  estimate
                </span>
              )}
            </span>
            <span>{priceText(row)}</span>
            <span className="text-muted-foreground text-xs">
              As of {row.price.asOf} ·{' '}
              <a href={row.price.source} target="_blank" rel="noreferrer" className="underline">
                {row.provider} pricing
              </a>
              {row.price.note && <> · {row.price.note}</>}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * What the AI work of a period cost, by client, user, tool and model, per day, its
 * dearest jobs, and the jobs behind it as CSV. Admins see everything; staff the clients they can see.
 */
export function UsagePage() {
  const { user } = useAuth();
  // Null until a range is picked: the server's default, this month in the agency's zone, which the
  // first reply names (from, to, timeZone).
  const [picked, setPicked] = useState<UsageRange | null>(null);
  const [groupBy, setGroupBy] = useState<UsageGroupBy>('client');
  const [filter, setFilter] = useState<UsageFilter>(NO_FILTER);
  const [exporting, setExporting] = useState(false);
  // The figures shown stay while another period, grouping or filter loads, as before the data layer.
  const usage = useQuery({ ...usageQuery(picked, groupBy, filter), placeholderData: keepPreviousData });
  // And stay above a failed load (the period picker reads the last reply's zone), so the period can
  // still be changed: the last figures that came are kept (React's state adjusted while rendering).
  const [lastReport, setLastReport] = useState<UsageReply | null>(null);
  if (usage.data && usage.data !== lastReport) setLastReport(usage.data);
  const report = usage.data ?? lastReport;
  // A refused session shows the skeleton, not a failure: the guard is taking the user to sign in.
  const failed =
    usage.error && !isSessionEnded(usage.error)
      ? errorMessage(usage.error, 'The usage could not be loaded.')
      : null;

  const defaultFrom = report?.from;
  const defaultTo = report?.to;
  // One object per range, so the picker keeps what is typed in it between renders.
  const range = useMemo(
    () => picked ?? (defaultFrom && defaultTo ? { from: defaultFrom, to: defaultTo } : null),
    [picked, defaultFrom, defaultTo],
  );
  const exportCsv = async () => {
    if (!range) return;
    setExporting(true);
    try {
      const jobs = await fetchAllUsageJobs(range, filter);
      // Named after what it holds: the client's name as the report gives it, the provider.
      const clientName = filter.clientId ? (jobs[0]?.clientName ?? filter.clientId) : null;
      const narrowedTo = [clientName, filter.provider].filter((part): part is string => part !== null);
      downloadTextFile(usageCsvName(range, narrowedTo), usageJobsCsv(jobs), 'text/csv');
    } catch (error) {
      if (!isSessionEnded(error))
        void toast({
          title: 'Error',
          description: errorMessage(error, 'The export failed.'),
          variant: 'destructive',
        });
    } finally {
      setExporting(false);
    }
  };

  const totals = report?.totals;
  return (
    <PageContainer>
      <PageHeader
        title="Usage"
        description={
          user?.isAdmin
            ? 'What the AI work cost, for every client and user.'
            : 'What the AI work cost, for the clients you can see and your own jobs.'
        }
        actions={
          <>
            {/* A client's monthly statement, billed with its markup. */}
            <Button variant="outline" asChild>
              <Link to="/statements">
                <ReceiptText aria-hidden />
                Statements
              </Link>
            </Button>
            <Button variant="outline" onClick={() => void exportCsv()} busy={exporting} disabled={!range}>
              <Download aria-hidden />
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          </>
        }
      />
      {range && report && (
        <div className="grid gap-2">
          <RangePicker range={range} timeZone={report.timeZone} onChange={setPicked} />
          <p className="text-muted-foreground text-sm">All times in {report.timeZone}.</p>
        </div>
      )}
      <FilterBar filter={filter} onChange={setFilter} />
      {failed ? (
        <LoadFailed message={failed} onRetry={() => void usage.refetch()} />
      ) : !report || !totals ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-24" />
          ))}
          <Skeleton className="h-64 sm:col-span-2 lg:col-span-4" />
        </div>
      ) : (
        <>
          <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label="Total cost"
              value={formatUsd(report.totalCostUsd)}
              detail={`${report.from} to ${report.to}`}
            />
            <Figure label="Jobs" value={count(totals.jobs)} />
            <Figure
              label="Tokens billed"
              value={`${approx(totals.estimatedJobs > 0)}${count(totals.inputTokens + totals.outputTokens)}`}
              detail={`${count(totals.inputTokens)} in, ${count(totals.outputTokens)} out${
                totals.offlineJobs > 0
                  ? `; offline: ${count(totals.offlineTokens)} estimated, not billed`
                  : ''
              }`}
            />
            <Figure
              label="Images and speech"
              value={`${count(totals.images)} images`}
              detail={`${count(Math.round(totals.speechSeconds))} seconds of speech`}
            />
          </section>
          <Card>
            <CardHeader>
              <CardTitle>Cost per day</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<Skeleton className="h-[220px]" />}>
                <CostChart days={report.days} />
              </Suspense>
            </CardContent>
          </Card>
          {/* Side by side only where the breakdown still has room for every column on one line (not at 1366 px). */}
          <div className="grid gap-6 2xl:grid-cols-[2fr_1fr]">
            <Card className="min-w-0">
              {/* One tab panel per grouping: the active one holds the table the tabs control. */}
              <Tabs value={groupBy} onValueChange={(value) => setGroupBy(value as UsageGroupBy)}>
                <CardHeader>
                  <CardTitle>Breakdown</CardTitle>
                  <TabsList aria-label="Group by" className="h-auto max-w-full flex-wrap">
                    {USAGE_GROUP_BYS.map((option) => (
                      <TabsTrigger key={option} value={option}>
                        By {USAGE_GROUP_LABELS[option].toLowerCase()}
                      </TabsTrigger>
                    ))}
                  </TabsList>
                </CardHeader>
                <CardContent>
                  {USAGE_GROUP_BYS.map((option) => (
                    <TabsContent key={option} value={option}>
                      {option === report.groupBy && (
                        <div className="grid gap-3">
                          <BreakdownTable rows={report.rows} groupBy={report.groupBy} />
                          <UsageNotes totals={totals} />
                        </div>
                      )}
                    </TabsContent>
                  ))}
                </CardContent>
              </Tabs>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle>Top jobs by cost</CardTitle>
              </CardHeader>
              <CardContent>
                <TopJobs jobs={report.topJobs} />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardContent>
              <PriceTable />
            </CardContent>
          </Card>
        </>
      )}
    </PageContainer>
  );
}
