import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJob } from '#test/support/job-events';
import { startTestRuntime, type TestRuntime, type TestUser } from '#test/support/test-runtime';

let app: TestRuntime;
let user: TestUser;

beforeAll(async () => {
  app = await startTestRuntime();
  user = await app.createUser();
});
afterAll(async () => app?.stop());

describe('a tool added by docs/adding-a-tool.md', () => {
  it('is served, queued, run offline and saved', async () => {
    const client = await app.request<{ id: string }>('POST', '/api/clients', {
      token: user.idToken,
      body: { name: 'Summit Roofing' },
    });
    const queued = await app.request<{ jobId: string }>('POST', '/api/generate-tagline', {
      token: user.idToken,
      body: { topic: 'Spring roof checks', clientId: client.body.id, saveToClient: true },
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const job = await waitForJob(app, user.idToken, queued.body.jobId);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result?.tagline).toBe('Summit Roofing: Spring roof checks, done right.');
    const saved = await app.request<{ content_type: string; title: string }>(
      'GET',
      `/api/clients/${client.body.id}/content/${job.savedContentId}`,
      { token: user.idToken },
    );
    expect(saved.body).toMatchObject({
      content_type: 'client_content',
      title: expect.stringMatching(/^Tagline - /),
    });
    const refused = await app.request('POST', '/api/generate-tagline', {
      token: user.idToken,
      body: { topic: ' ' },
    });
    expect(refused.status).toBe(400);
  });
});
