/**
 * The outside probe's kill -9 (docs/decisions.md, "The outside probe's findings"): `npm start` in a child
 * process on free ports with a data directory of its own, 20 newsletters started through the API (the offline
 * composer slowed by OFFLINE_STREAM_DELAY_MS, so they are under way), the process killed with SIGKILL
 * mid-run, then started again on the same data. Each job is then judged: it must end completed or failed with
 * a message, be finished once (one activity, one usage row) and be saved to the library once. Lost, doubled
 * or silent jobs are the wrong cases.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UsageJob } from '#shared/usage';
import {
  bootstrappedAdmin,
  childAppApi,
  signInThroughApp,
  startChildApp,
  stopChildApp,
} from '#test/support/child-app';

/** Slow enough that the jobs are under way for some seconds when the process is killed. */
const SLOW_OFFLINE = { OFFLINE_STREAM_DELAY_MS: '40' };

const JOBS = 20;
const SETTLE_LIMIT_MS = 240_000;

interface JobView {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  error?: { message?: string } | string;
  result?: { savedContent?: { id: string } };
}

export interface CrashFigures {
  tried: number;
  correct: number;
  wrong: string[];
  lines: string[];
}

export async function runCrashProbe(): Promise<CrashFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lbm-probe-crash-'));
  const lines: string[] = [];
  let app = await startChildApp(dataDir, SLOW_OFFLINE);
  let api = childAppApi(app.url);
  try {
    let token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
    const clientId = (
      await api<{ id: string }>(token, 'POST', '/api/clients', { name: 'Crash Probe Bakery' })
    ).id;
    const jobIds: string[] = [];
    for (let index = 0; index < JOBS; index += 1) {
      const started = await api<{ jobId?: string }>(token, 'POST', '/api/generate-newsletter', {
        topic: `Seasonal bread number ${index + 1}`,
        saveToClient: true,
        clientId,
      });
      if (!started.jobId) throw new Error(`job ${index + 1} was not started: ${JSON.stringify(started)}`);
      jobIds.push(started.jobId);
    }
    // Killed once some jobs are done or under way and others still wait.
    const statusesAt = async () =>
      Promise.all(
        jobIds.map((id) => api<JobView>(token, 'GET', `/api/jobs/${id}`).then((job) => job.status)),
      );
    let atKill = await statusesAt();
    const deadline = Date.now() + 60_000;
    while (!atKill.some((status) => status === 'succeeded') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      atKill = await statusesAt();
    }
    const tally = (statuses: string[]) =>
      ['queued', 'running', 'succeeded', 'failed']
        .map((s) => `${s} ${statuses.filter((x) => x === s).length}`)
        .join(', ');
    lines.push(`at kill -9: ${tally(atKill)}`);
    await stopChildApp(app.child, 'SIGKILL');

    app = await startChildApp(dataDir, SLOW_OFFLINE);
    api = childAppApi(app.url);
    token = await signInThroughApp(app.url, bootstrappedAdmin(dataDir));
    const settledBy = Date.now() + SETTLE_LIMIT_MS;
    let jobs = await Promise.all(jobIds.map((id) => api<JobView>(token, 'GET', `/api/jobs/${id}`)));
    while (
      jobs.some((job) => job.status === 'queued' || job.status === 'running') &&
      Date.now() < settledBy
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      jobs = await Promise.all(jobIds.map((id) => api<JobView>(token, 'GET', `/api/jobs/${id}`)));
    }
    lines.push(`after restart: ${tally(jobs.map((job) => job.status))}`);

    const library = await api<{ content: { id: string }[] }>(
      token,
      'GET',
      `/api/clients/${clientId}/content?limit=100`,
    );
    const libraryIds = new Set(library.content.map((item) => item.id));
    const usage = await api<{ rows: UsageJob[] }>(
      token,
      'GET',
      `/api/usage/jobs?clientId=${clientId}&limit=1000`,
    );
    const activities = await api<{ activities: { id: string }[] }>(token, 'GET', '/api/activities');
    const count = (ids: string[], id: string) => ids.filter((x) => x === id).length;
    const wrong: string[] = [];
    const wrongJobs = new Set<string>();
    const savedIds: string[] = [];
    jobIds.forEach((jobId, index) => {
      const job = jobs[index];
      const label = `job ${index + 1} (${jobId})`;
      const before = wrong.length;
      if (!job || job.status === 'queued' || job.status === 'running') {
        wrong.push(
          `${label}: lost, still ${job?.status ?? 'missing'} ${SETTLE_LIMIT_MS / 1000} s after the restart`,
        );
        wrongJobs.add(jobId);
        return;
      }
      const activityCount = count(
        activities.activities.map((activity) => activity.id),
        jobId,
      );
      const usageCount = count(
        usage.rows.map((row) => row.jobId),
        jobId,
      );
      if (job.status === 'failed') {
        const message = typeof job.error === 'string' ? job.error : job.error?.message;
        if (!message) {
          wrong.push(`${label}: failed without a message`);
          wrongJobs.add(jobId);
        }
        return;
      }
      const saved = job.result?.savedContent?.id;
      if (!saved || !libraryIds.has(saved)) wrong.push(`${label}: completed but not in the library`);
      else savedIds.push(saved);
      if (activityCount !== 1 || usageCount !== 1)
        wrong.push(
          `${label}: finished ${Math.max(activityCount, usageCount)} times (activities ${activityCount}, usage ${usageCount})`,
        );
      if (wrong.length > before) wrongJobs.add(jobId);
    });
    const extraItems = [...libraryIds].filter((id) => !savedIds.includes(id));
    // An item no job points at is a second save of some job's result.
    if (extraItems.length > 0)
      wrong.push(`${extraItems.length} library item(s) saved twice (no job points at them)`);
    const wrongCount = wrongJobs.size + extraItems.length;
    lines.push(
      `library items ${libraryIds.size} for ${savedIds.length} completed jobs; usage rows ${usage.rows.length}`,
    );
    return { tried: JOBS, correct: Math.max(0, JOBS - wrongCount), wrong, lines };
  } finally {
    await stopChildApp(app.child, 'SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
