import { authorizeClient, getClientsByIds, listVisibleClientRecords } from '#functions/clients/client-access';
import type { Caller } from '#functions/commons/caller';
import { BadRequestError } from '#functions/commons/errors';
import { findImageModel, findLanguageModel, SPEECH_MODEL } from '#shared/models';
import { microToUsd } from '#shared/prices';
import {
  TOP_JOBS,
  USAGE_MESSAGES,
  USAGE_TOOL_LABELS,
  type UsageGroupBy,
  type UsageJob,
  type UsageQuery,
  type UsageReply,
  type UsageRow,
} from '#shared/usage';
import { daysBetween, monthsBetween, type UsagePeriod, usagePeriodOf } from '#shared/usage-dates';
import {
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

function toRow(key: string, label: string, totals: UsageTotals): UsageRow {
  return {
    key,
    label,
    jobs: totals.jobs,
    inputTokens: totals.inputTokens,
    outputTokens: totals.outputTokens,
    reasoningTokens: totals.reasoningTokens,
    images: totals.images,
    speechSeconds: Math.round(totals.speechSeconds * 10) / 10,
    costUsd: microToUsd(totals.costMicroUsd),
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
  };
}

/** Adds usage items up (the views limited to some clients or to one user). */
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

/**
 * Staff's view: the counters of the clients they can see and of their own jobs without a client (one
 * Query each over the period's days), then their dearest jobs from the months' cost indexes. The
 * counters say how many jobs each month holds for the caller, so a month's search stops once it has
 * found them all, rather than reading the whole month for a caller with fewer than TOP_JOBS there.
 */
async function visibleReport(
  caller: Caller,
  period: UsagePeriod,
  groupBy: UsageGroupBy,
): Promise<{ tally: Tally; topJobs: UsageJob[] }> {
  const clientIds = await visibleClientIds(caller);
  const visible = new Set(clientIds);
  const keep = (row: UsageItem) => (row.clientId ? visible.has(row.clientId) : row.userId === caller.userId);
  const days = await Promise.all([
    ...clientIds.map((clientId) => readOwnerDays({ clientId }, period.from, period.to)),
    readOwnerDays({ noClientOf: caller.userId }, period.from, period.to),
  ]);
  const tally = tallyDays(days.flat(), groupBy);
  const jobsOfMonth = new Map<string, number>();
  for (const [day, totals] of tally.byDay) {
    const month = day.slice(0, 7);
    jobsOfMonth.set(month, (jobsOfMonth.get(month) ?? 0) + totals.jobs);
  }
  const dearest = await Promise.all(
    monthsBetween(period.from, period.to).map((month) => {
      const count = Math.min(TOP_JOBS, jobsOfMonth.get(month) ?? 0);
      return count === 0 ? [] : dearestJobs(month, period, count, keep);
    }),
  );
  return { tally, topJobs: dearestOf(dearest) };
}

/** The usage items a caller who is not an admin may see in the period. */
export async function visibleItems(
  caller: Caller,
  period: UsagePeriod,
  clientId?: string,
): Promise<UsageItem[]> {
  if (scopeOf(caller) === 'own') {
    const own = await usageRows({ kind: 'user', userId: caller.userId }, period);
    return clientId ? own.filter((item) => item.clientId === clientId) : own;
  }
  if (clientId) {
    await authorizeClient(caller, clientId);
    return usageRows({ kind: 'client', clientId }, period);
  }
  const clientIds = await visibleClientIds(caller);
  const [perClient, own] = await Promise.all([
    Promise.all(clientIds.map((id) => usageRows({ kind: 'client', clientId: id }, period))),
    usageRows({ kind: 'user', userId: caller.userId }, period),
  ]);
  return [...perClient.flat(), ...own.filter((item) => !item.clientId)];
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
  }
}

const dearestFirst = (a: UsageJob, b: UsageJob) => b.costUsd - a.costUsd || (a.jobId < b.jobId ? -1 : 1);

export async function usageReport(caller: Caller, query: UsageQuery): Promise<UsageReply> {
  const period = periodOf(query);
  const scope = scopeOf(caller);
  const { groupBy } = query;
  let tally: Tally;
  let topJobs: UsageJob[];
  if (scope === 'all') {
    const [days, dearest] = await Promise.all([
      readDays(daysBetween(period.from, period.to)).then((days) => tallyDays(days, groupBy)),
      Promise.all(monthsBetween(period.from, period.to).map((month) => dearestJobs(month, period, TOP_JOBS))),
    ]);
    tally = days;
    topJobs = dearestOf(dearest);
  } else if (scope === 'visible') {
    ({ tally, topJobs } = await visibleReport(caller, period, groupBy));
  } else {
    const items = await visibleItems(caller, period);
    tally = tallyItems(items, groupBy);
    topJobs = dearestOf([items]);
  }
  if (groupBy === 'client') await currentClientNames(tally);
  const rows = [...tally.groups]
    .map(([key, totals]) => toRow(key, labelOf(tally, groupBy, key), totals))
    .sort((a, b) => b.costUsd - a.costUsd || b.jobs - a.jobs || a.label.localeCompare(b.label));
  const days = daysBetween(period.from, period.to).map((day) => {
    const totals = tally.byDay.get(day) ?? emptyTotals();
    return { day, jobs: totals.jobs, costUsd: microToUsd(totals.costMicroUsd) };
  });
  return {
    from: period.from,
    to: period.to,
    groupBy,
    scope,
    rows,
    totalCostUsd: microToUsd(tally.total.costMicroUsd),
    totals: toRow('total', 'Total', tally.total),
    days,
    topJobs,
  };
}
