import { authorizeClient, getClientsByIds, listVisibleClientRecords } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { readAgencyTimeZone } from '#functions/settings/agency-time-zone';
import { findImageModel, findLanguageModel, SPEECH_MODEL } from '#shared/models';
import { microToUsd } from '#shared/prices';
import { dayIn } from '#shared/time-zone';
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
import {
  dayOf,
  daysBetween,
  partitionMonths,
  periodBounds,
  type UsagePeriod,
  usagePeriodOf,
} from '#shared/usage-dates';
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
import {
  dearestJobs,
  type Instants,
  toUsageJob,
  type UsageRow as UsageItem,
  type UsageScope,
  usageRows,
  usageRowsBetween,
} from './usage-store';

/**
 * GET /api/usage's figures. Who sees what:
 * - an admin signed in sees every job, added up from the days' counters (usage-days.ts): a month is a
 *   few dozen reads whatever the number of jobs;
 * - anyone else signed in sees the clients they can see, plus their own jobs without a client, added up
 *   from those clients' day counters and their own no-client day counters (one Query each);
 * - an API key sees only its owner's own jobs.
 * A client filter reads that client's day counters alone (after the client routes' own check), a
 * provider filter that provider's counters (usage-days.ts), for every view.
 *
 * A period is days of the agency's time zone; the counters are UTC days. The UTC days wholly inside the
 * period are read from their counters, and each UTC day at its edges from the usage items of its smaller part
 * (readingOf), filtered as the counters are (the same owners, the same provider), so every total and row is
 * exact to the job in any zone, filtered or not. Only the chart per day approximates: a UTC day's counters go
 * to one zone day (docs/decisions.md, "Months and days in the agency's zone").
 */

export type UsageScopeKind = UsageReply['scope'];

export function scopeOf(caller: Caller): UsageScopeKind {
  if (caller.authMethod === 'apiKey') return 'own';
  return caller.isAdmin ? 'all' : 'visible';
}

/** The period a query asks for, in days of the agency's zone. */
export async function periodOf(query: Pick<UsageQuery, 'from' | 'to'>): Promise<UsagePeriod> {
  const timeZone = await readAgencyTimeZone();
  try {
    return usagePeriodOf(query, new Date(), timeZone);
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

/** Adds usage items up (`sign` -1 takes them off), each on the chart day `chartDay` gives it. */
function addItems(
  tally: Tally,
  items: readonly UsageItem[],
  groupBy: UsageGroupBy,
  chartDay: (item: UsageItem) => string,
  sign: 1 | -1 = 1,
): Tally {
  for (const item of items) {
    const totals = totalsOfItem(item);
    for (const key of Object.keys(totals) as (keyof UsageTotals)[]) totals[key] *= sign;
    add(tally.total, totals);
    const key = groupKeyOf(item, groupBy);
    const group = tally.groups.get(key) ?? emptyTotals();
    add(group, totals);
    tally.groups.set(key, group);
    const dayKey = chartDay(item);
    const day = tally.byDay.get(dayKey) ?? emptyTotals();
    add(day, totals);
    tally.byDay.set(dayKey, day);
    if (item.clientId && item.clientName) tally.clientNames.set(item.clientId, item.clientName);
    tally.userEmails.set(item.userId, item.userEmail);
  }
  return tally;
}

/** Adds days' counters up, each UTC day's on the zone day `chartDays` gives it. */
function addDays(
  tally: Tally,
  days: readonly DayTotals[],
  groupBy: UsageGroupBy,
  chartDays: ReadonlyMap<string, string>,
): Tally {
  for (const day of days) {
    add(tally.total, day.total);
    const dayKey = chartDays.get(day.day) ?? day.day;
    const dayTotals = tally.byDay.get(dayKey) ?? emptyTotals();
    add(dayTotals, day.total);
    tally.byDay.set(dayKey, dayTotals);
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

/** Groups whose jobs were all taken off again (they ran outside the period) are no rows. */
function dropEmptyGroups(tally: Tally): Tally {
  for (const [key, totals] of tally.groups) if (totals.jobs <= 0) tally.groups.delete(key);
  return tally;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Usage items to read: added on their job's zone day, or taken off a counter day's chart day. */
type ItemRead =
  | { readonly instants: Instants; readonly sign: 1 }
  | { readonly instants: Instants; readonly sign: -1; readonly chartDay: string };

/**
 * How a period reads the UTC day counters (`counterDays`, each charted on a zone day) and the usage
 * items. A UTC day wholly inside the period is its counters, charted on the zone day that holds its
 * noon. A UTC day the period covers in part (at its edges, in a zone with an offset) is read from the
 * items of the part inside, or, when that is the larger part, from the day's counters less the items of
 * the part outside: either way at most half a day of items.
 */
function readingOf(period: UsagePeriod): {
  counterDays: string[];
  chartDays: Map<string, string>;
  itemReads: ItemRead[];
} {
  const { start, end } = periodBounds(period);
  const chartDays = new Map<string, string>();
  const itemReads: ItemRead[] = [];
  for (let day = Date.parse(`${dayOf(new Date(start))}T00:00:00Z`); day <= end; day += DAY_MS) {
    const utcDay = dayOf(new Date(day));
    const last = day + DAY_MS - 1;
    if (day >= start && last <= end) {
      chartDays.set(utcDay, dayIn(new Date(day + DAY_MS / 2), period.timeZone));
      continue;
    }
    const inside = { start: Math.max(day, start), end: Math.min(last, end) };
    const outside: Instants[] = [];
    if (inside.start > day) outside.push({ start: day, end: inside.start - 1 });
    if (inside.end < last) outside.push({ start: inside.end + 1, end: last });
    const outsideMs = outside.reduce((sum, part) => sum + part.end - part.start + 1, 0);
    if (inside.end - inside.start + 1 <= outsideMs) {
      itemReads.push({ instants: inside, sign: 1 });
      continue;
    }
    const chartDay = dayIn(new Date((inside.start + inside.end) / 2), period.timeZone);
    chartDays.set(utcDay, chartDay);
    for (const part of outside) itemReads.push({ instants: part, sign: -1, chartDay });
  }
  return { counterDays: [...chartDays.keys()], chartDays, itemReads };
}

/** The items read, added to or taken off the tally. */
function addItemReads(
  tally: Tally,
  reads: readonly { readonly read: ItemRead; readonly items: readonly UsageItem[] }[],
  groupBy: UsageGroupBy,
  timeZone: string,
): Tally {
  for (const { read, items } of reads) {
    if (read.sign === 1) addItems(tally, items, groupBy, (item) => dayIn(new Date(item.startedAt), timeZone));
    else addItems(tally, items, groupBy, () => read.chartDay, -1);
  }
  return dropEmptyGroups(tally);
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

/**
 * The source's counters of these UTC days (consecutive: readingOf), of every job or of one provider's
 * (one Query per owner).
 */
async function readSource(
  source: CounterSource,
  counterDays: readonly string[],
  provider: CounterProvider,
): Promise<DayTotals[]> {
  const first = counterDays[0];
  const last = counterDays.at(-1);
  if (first === undefined || last === undefined) return [];
  if (source.kind === 'days') return readDays(counterDays, provider);
  const days = await Promise.all(source.owners.map((owner) => readOwnerDays(owner, first, last, provider)));
  return days.flat();
}

/**
 * The source's usage items started within the instants (an edge day's part), of every job or of one
 * provider's: the same jobs its counters add up.
 */
async function readSourceItems(
  source: CounterSource,
  instants: Instants,
  provider: UsageProvider | undefined,
): Promise<UsageItem[]> {
  const scopes: { scope: UsageScope; noClientOnly: boolean }[] =
    source.kind === 'days'
      ? [{ scope: { kind: 'all' }, noClientOnly: false }]
      : source.owners.map((owner) =>
          'clientId' in owner
            ? { scope: { kind: 'client', clientId: owner.clientId }, noClientOnly: false }
            : { scope: { kind: 'user', userId: owner.noClientOf }, noClientOnly: true },
        );
  const found = await Promise.all(
    scopes.map(async ({ scope, noClientOnly }) =>
      (await usageRowsBetween(scope, instants)).filter(
        (item) => (!noClientOnly || !item.clientId) && (provider === undefined || item.provider === provider),
      ),
    ),
  );
  return found.flat();
}

/** The figures of a report: every job's (or the filter's provider's), and the offline composer's among them. */
interface Tallies {
  readonly main: Tally;
  readonly offline: Tally;
  readonly topJobs: UsageJob[];
}

/**
 * A signed-in caller's figures, from the counters of the UTC days wholly inside the period and the
 * usage items of its edge days (readingOf): the source's, of the filter's provider or of every job, and
 * of the offline composer's jobs among them (read from its own counters unless the filter already
 * says; its edge items are the offline ones among those read). The dearest jobs come from the months'
 * cost indexes; the counters and edge items say how many jobs each UTC month holds for the view, so a
 * month's search stops once it has found them all, rather than reading the whole month for a view with
 * fewer than TOP_JOBS there.
 */
async function countedReport(
  caller: Caller,
  period: UsagePeriod,
  groupBy: UsageGroupBy,
  filter: UsageFilter,
): Promise<Tallies> {
  const source = await counterSource(caller, filter.clientId);
  const { provider } = filter;
  const { counterDays, chartDays, itemReads } = readingOf(period);
  const [mainDays, offlineDays, reads] = await Promise.all([
    readSource(source, counterDays, provider ?? null),
    provider === undefined ? readSource(source, counterDays, OFFLINE_PROVIDER) : null,
    Promise.all(
      itemReads.map(async (read) => ({
        read,
        items: await readSourceItems(source, read.instants, provider),
      })),
    ),
  ]);
  const main = addItemReads(
    addDays(newTally(), mainDays, groupBy, chartDays),
    reads,
    groupBy,
    period.timeZone,
  );
  const offline = offlineDays
    ? addItemReads(
        addDays(newTally(), offlineDays, groupBy, chartDays),
        reads.map(({ read, items }) => ({
          read,
          items: items.filter((item) => item.provider === OFFLINE_PROVIDER),
        })),
        groupBy,
        period.timeZone,
      )
    : provider === OFFLINE_PROVIDER
      ? main
      : newTally();
  const everything = source.kind === 'days' && provider === undefined;
  const keep = (row: UsageItem) => source.keep(row) && (provider === undefined || row.provider === provider);
  // The cost indexes are UTC months: how many of the view's jobs each holds in the period.
  const jobsOfMonth = new Map<string, number>();
  const count = (month: string, jobs: number) => jobsOfMonth.set(month, (jobsOfMonth.get(month) ?? 0) + jobs);
  for (const day of mainDays) count(day.day.slice(0, 7), day.total.jobs);
  for (const { read, items } of reads) for (const item of items) count(item.startedAt.slice(0, 7), read.sign);
  const dearest = await Promise.all(
    partitionMonths(period).map((month) => {
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
  const period = await periodOf(query);
  const scope = scopeOf(caller);
  const { groupBy } = query;
  const filter: UsageFilter = { clientId: query.clientId, provider: query.provider };
  let tallies: Tallies;
  if (scope === 'own') {
    const items = await visibleItems(caller, period, filter);
    const onZoneDay = (item: UsageItem) => dayIn(new Date(item.startedAt), period.timeZone);
    tallies = {
      main: addItems(newTally(), items, groupBy, onZoneDay),
      offline: addItems(
        newTally(),
        items.filter((item) => item.provider === OFFLINE_PROVIDER),
        groupBy,
        onZoneDay,
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
    timeZone: period.timeZone,
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
