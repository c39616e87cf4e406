import { authorizeClient, getClientsByIds, listVisibleClientRecords } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { findImageModel, findLanguageModel, SPEECH_MODEL } from '#shared/models';
import { microToUsd } from '#shared/prices';
import {
  OFFLINE_PROVIDER,
  TOP_JOBS,
  USAGE_MESSAGES,
  USAGE_PROVIDER_LABELS,
  USAGE_TOOL_LABELS,
  type UsageGroupBy,
  type UsageJob,
  type UsageProvider,
  type UsageQuery,
  type UsageReply,
  type UsageRow,
} from '#shared/usage';
import { daysBetween, monthsBetween, type UsagePeriod, usagePeriodOf } from '#shared/usage-dates';
import {
  type CounterOwner,
  type CounterProvider,
  type DayTotals,
  emptyTotals,
  NO_CLIENT_KEY,
  readDays,
  readOwnerDays,
  type UsageTotals,
} from './usage-days';
import { dearestJobs, toUsageJob, type UsageRow as UsageItem, usageRows } from './usage-store';

/**
 * GET /api/usage's figures. Who sees what (issue 34 item 3, item 6):
 * - an admin signed in sees every job, added up from the days' counters (usage-days.ts): a month is a
 *   few dozen reads whatever the number of jobs;
 * - anyone else signed in sees the clients they can see, plus their own jobs without a client, added up
 *   from those clients' day counters and their own no-client day counters (one Query each);
 * - an API key sees only its owner's own jobs.
 * A client filter reads that client's day counters alone (after the client routes' own check), a
 * provider filter that provider's counters (usage-days.ts), for every view.
 */

export type UsageScopeKind = UsageReply['scope'];

export function scopeOf(caller: Caller): UsageScopeKind {
  if (caller.authMethod === 'apiKey') return 'own';
  return caller.isAdmin ? 'all' : 'visible';
}

export function periodOf(query: Pick<UsageQuery, 'from' | 'to'>): UsagePeriod {
  try {
    return usagePeriodOf(query);
  } catch (error) {
    if (error instanceof RangeError) throw new BadRequestError(error.message, 'invalid_period');
    throw error;
  }
}

function modelLabel(modelId: string): string {
  if (modelId === SPEECH_MODEL.id) return SPEECH_MODEL.label;
  return findLanguageModel(modelId)?.label ?? findImageModel(modelId)?.label ?? modelId;
}

function add(into: UsageTotals, from: UsageTotals): void {
  for (const key of Object.keys(into) as (keyof UsageTotals)[]) into[key] += from[key];
}

/**
 * A row of the reply: its tokens are those a provider billed, the offline composer's (`offline`, the
 * same group's offline jobs) shown apart as an estimate, never added in.
 */
function toRow(key: string, label: string, totals: UsageTotals, offline: UsageTotals): UsageRow {
  return {
    key,
    label,
    jobs: totals.jobs,
    inputTokens: totals.inputTokens - offline.inputTokens,
    outputTokens: totals.outputTokens - offline.outputTokens,
    reasoningTokens: totals.reasoningTokens - offline.reasoningTokens,
    images: totals.images,
    speechSeconds: Math.round(totals.speechSeconds * 10) / 10,
    costUsd: microToUsd(totals.costMicroUsd),
    offlineJobs: offline.jobs,
    offlineTokens: offline.inputTokens + offline.outputTokens,
    estimatedJobs: totals.estimatedJobs,
  };
}

interface Tally {
  readonly total: UsageTotals;
  readonly groups: Map<string, UsageTotals>;
  readonly byDay: Map<string, UsageTotals>;
  readonly clientNames: Map<string, string>;
  readonly userEmails: Map<string, string>;
}

const newTally = (): Tally => ({
  total: emptyTotals(),
  groups: new Map(),
  byDay: new Map(),
  clientNames: new Map(),
  userEmails: new Map(),
});

function groupKeyOf(item: UsageItem, groupBy: UsageGroupBy): string {
  switch (groupBy) {
    case 'client':
      return item.clientId ?? NO_CLIENT_KEY;
    case 'user':
      return item.userId;
    case 'tool':
      return item.tool;
    case 'model':
      return item.modelId;
    case 'provider':
      return item.provider;
  }
}

function totalsOfItem(item: UsageItem): UsageTotals {
  return {
    jobs: 1,
    inputTokens: item.inputTokens,
    outputTokens: item.outputTokens,
    reasoningTokens: item.reasoningTokens,
    images: item.images,
    speechSeconds: item.speechSeconds,
    costMicroUsd: item.costMicroUsd,
    estimatedJobs: item.estimated ? 1 : 0,
  };
}

/** Adds usage items up (an API key's view: its owner's own jobs). */
function tallyItems(items: readonly UsageItem[], groupBy: UsageGroupBy): Tally {
  const tally = newTally();
  for (const item of items) {
    const totals = totalsOfItem(item);
    add(tally.total, totals);
    const key = groupKeyOf(item, groupBy);
    const group = tally.groups.get(key) ?? emptyTotals();
    add(group, totals);
    tally.groups.set(key, group);
    const day = tally.byDay.get(item.day) ?? emptyTotals();
    add(day, totals);
    tally.byDay.set(item.day, day);
    if (item.clientId && item.clientName) tally.clientNames.set(item.clientId, item.clientName);
    tally.userEmails.set(item.userId, item.userEmail);
  }
  return tally;
}

/** Adds days' counters up: every day's (an admin's view), or some clients' days (staff's). */
function tallyDays(days: readonly DayTotals[], groupBy: UsageGroupBy): Tally {
  const tally = newTally();
  for (const day of days) {
    add(tally.total, day.total);
    const dayTotals = tally.byDay.get(day.day) ?? emptyTotals();
    add(dayTotals, day.total);
    tally.byDay.set(day.day, dayTotals);
    for (const [key, totals] of day.groups[groupBy]) {
      const group = tally.groups.get(key) ?? emptyTotals();
      add(group, totals);
      tally.groups.set(key, group);
    }
    for (const [id, name] of day.clientNames) tally.clientNames.set(id, name);
    for (const [id, email] of day.userEmails) tally.userEmails.set(id, email);
  }
  return tally;
}

/** The dearest TOP_JOBS of the months' dearest jobs. */
const dearestOf = (months: readonly (readonly UsageItem[])[]): UsageJob[] =>
  months.flat().map(toUsageJob).sort(dearestFirst).slice(0, TOP_JOBS);

/** The ids of the clients a signed-in caller can see. */
async function visibleClientIds(caller: Caller): Promise<string[]> {
  const clients = await listVisibleClientRecords(caller, {
    after: undefined,
    count: 100_000,
    attributes: ['clientId'],
  });
  return clients.map((client) => client.clientId);
}

/** The filters of both routes (shared/usage.ts): one client, one provider. */
export interface UsageFilter {
  readonly clientId?: string | undefined;
  readonly provider?: UsageProvider | undefined;
}

/**
 * Where a signed-in caller's figures are counted: every day's counters (an admin without a client
 * filter), or the day counters of some owners (one client: an admin's or staff's client filter, after
 * the same check as every client route, so a client the caller cannot see is a 404; or the clients
 * staff can see and their own jobs without a client). `keep` says which usage items belong to it.
 */
type CounterSource =
  | { readonly kind: 'days'; readonly keep: (row: UsageItem) => boolean }
  | {
      readonly kind: 'owners';
      readonly owners: readonly CounterOwner[];
      readonly keep: (row: UsageItem) => boolean;
    };

async function counterSource(caller: Caller, clientId: string | undefined): Promise<CounterSource> {
  if (clientId) {
    await authorizeClient(caller, clientId);
    return { kind: 'owners', owners: [{ clientId }], keep: (row) => row.clientId === clientId };
  }
  if (caller.isAdmin) return { kind: 'days', keep: () => true };
  const clientIds = await visibleClientIds(caller);
  const visible = new Set(clientIds);
  return {
    kind: 'owners',
    owners: [...clientIds.map((id) => ({ clientId: id })), { noClientOf: caller.userId }],
    keep: (row) => (row.clientId ? visible.has(row.clientId) : row.userId === caller.userId),
  };
}

/** The source's counters over the period, of every job or of one provider's (one Query per owner). */
async function readSource(
  source: CounterSource,
  period: UsagePeriod,
  provider: CounterProvider,
): Promise<DayTotals[]> {
  if (source.kind === 'days') return readDays(daysBetween(period.from, period.to), provider);
  const days = await Promise.all(
    source.owners.map((owner) => readOwnerDays(owner, period.from, period.to, provider)),
  );
  return days.flat();
}

/** The figures of a report: every job's (or the filter's provider's), and the offline composer's among them. */
interface Tallies {
  readonly main: Tally;
  readonly offline: Tally;
  readonly topJobs: UsageJob[];
}

/**
 * A signed-in caller's figures, from the counters: the source's, of the filter's provider or of every
 * job, and of the offline composer's jobs among them (read from its own counters unless the filter
 * already says). The dearest jobs come from the months' cost indexes; the counters say how many jobs
 * each month holds for the view, so a month's search stops once it has found them all, rather than
 * reading the whole month for a view with fewer than TOP_JOBS there.
 */
async function countedReport(
  caller: Caller,
  period: UsagePeriod,
  groupBy: UsageGroupBy,
  filter: UsageFilter,
): Promise<Tallies> {
  const source = await counterSource(caller, filter.clientId);
  const { provider } = filter;
  const [main, offlineDays] = await Promise.all([
    readSource(source, period, provider ?? null).then((days) => tallyDays(days, groupBy)),
    provider === undefined ? readSource(source, period, OFFLINE_PROVIDER) : null,
  ]);
  const offline = offlineDays
    ? tallyDays(offlineDays, groupBy)
    : provider === OFFLINE_PROVIDER
      ? main
      : newTally();
  const everything = source.kind === 'days' && provider === undefined;
  const keep = (row: UsageItem) => source.keep(row) && (provider === undefined || row.provider === provider);
  const jobsOfMonth = new Map<string, number>();
  for (const [day, totals] of main.byDay) {
    const month = day.slice(0, 7);
    jobsOfMonth.set(month, (jobsOfMonth.get(month) ?? 0) + totals.jobs);
  }
  const dearest = await Promise.all(
    monthsBetween(period.from, period.to).map((month) => {
      if (everything) return dearestJobs(month, period, TOP_JOBS);
      const count = Math.min(TOP_JOBS, jobsOfMonth.get(month) ?? 0);
      return count === 0 ? [] : dearestJobs(month, period, count, keep);
    }),
  );
  return { main, offline, topJobs: dearestOf(dearest) };
}

/** The usage items a caller may see in the period, filtered: the rows of GET /api/usage/jobs. */
export async function visibleItems(
  caller: Caller,
  period: UsagePeriod,
  filter: UsageFilter = {},
): Promise<UsageItem[]> {
  const { clientId, provider } = filter;
  const ofProvider = (items: readonly UsageItem[]) =>
    provider === undefined ? [...items] : items.filter((item) => item.provider === provider);
  if (scopeOf(caller) === 'own') {
    const own = await usageRows({ kind: 'user', userId: caller.userId }, period);
    return ofProvider(clientId ? own.filter((item) => item.clientId === clientId) : own);
  }
  if (clientId) {
    // A client that does not exist, or that the caller cannot see, is a 404, as for every client route.
    await authorizeClient(caller, clientId);
    return ofProvider(await usageRows({ kind: 'client', clientId }, period));
  }
  if (caller.isAdmin) return ofProvider(await usageRows({ kind: 'all' }, period));
  const clientIds = await visibleClientIds(caller);
  const [perClient, own] = await Promise.all([
    Promise.all(clientIds.map((id) => usageRows({ kind: 'client', clientId: id }, period))),
    usageRows({ kind: 'user', userId: caller.userId }, period),
  ]);
  return ofProvider([...perClient.flat(), ...own.filter((item) => !item.clientId)]);
}

/** Names of clients as they are now, over the names the jobs recorded (renamed clients read right). */
async function currentClientNames(tally: Tally): Promise<void> {
  const ids = [...tally.groups.keys()].filter((key) => key !== NO_CLIENT_KEY);
  if (ids.length === 0) return;
  for (const record of await getClientsByIds(ids, ['clientId', 'name'])) {
    tally.clientNames.set(record.clientId, record.name);
  }
}

function labelOf(tally: Tally, groupBy: UsageGroupBy, key: string): string {
  switch (groupBy) {
    case 'client':
      return key === NO_CLIENT_KEY ? USAGE_MESSAGES.noClient : (tally.clientNames.get(key) ?? key);
    case 'user':
      return tally.userEmails.get(key) ?? key;
    case 'tool':
      return USAGE_TOOL_LABELS[key] ?? key;
    case 'model':
      return modelLabel(key);
    case 'provider':
      return USAGE_PROVIDER_LABELS[key as UsageProvider] ?? key;
  }
}

/**
 * Dearest first; among jobs of the same cost, the later one first: the order of the months' cost
 * indexes (`<cost>#<jobId>`, read backwards), whose search stops once it has found enough, so the jobs
 * it finds are the ones this order lists (offline jobs all cost 0, so a provider filter ties them all).
 */
const dearestFirst = (a: UsageJob, b: UsageJob) => b.costUsd - a.costUsd || (a.jobId < b.jobId ? 1 : -1);

export async function usageReport(caller: Caller, query: UsageQuery): Promise<UsageReply> {
  const period = periodOf(query);
  const scope = scopeOf(caller);
  const { groupBy } = query;
  const filter: UsageFilter = { clientId: query.clientId, provider: query.provider };
  let tallies: Tallies;
  if (scope === 'own') {
    const items = await visibleItems(caller, period, filter);
    tallies = {
      main: tallyItems(items, groupBy),
      offline: tallyItems(
        items.filter((item) => item.provider === OFFLINE_PROVIDER),
        groupBy,
      ),
      topJobs: dearestOf([items]),
    };
  } else {
    tallies = await countedReport(caller, period, groupBy, filter);
  }
  const { main: tally, offline, topJobs } = tallies;
  if (groupBy === 'client') await currentClientNames(tally);
  const rows = [...tally.groups]
    .map(([key, totals]) =>
      toRow(key, labelOf(tally, groupBy, key), totals, offline.groups.get(key) ?? emptyTotals()),
    )
    .sort((a, b) => b.costUsd - a.costUsd || b.jobs - a.jobs || a.label.localeCompare(b.label));
  const days = daysBetween(period.from, period.to).map((day) => {
    const totals = tally.byDay.get(day) ?? emptyTotals();
    return { day, jobs: totals.jobs, costUsd: microToUsd(totals.costMicroUsd) };
  });
  return {
    from: period.from,
    to: period.to,
    groupBy,
    clientId: filter.clientId ?? null,
    provider: filter.provider ?? null,
    scope,
    rows,
    totalCostUsd: microToUsd(tally.total.costMicroUsd),
    totals: toRow('total', 'Total', tally.total, offline.total),
    days,
    topJobs,
  };
}
