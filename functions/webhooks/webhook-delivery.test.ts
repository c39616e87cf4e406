import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '#shared/webhooks';
import { nextAttemptTime, signedHeaders } from './deliver-webhook';
import { parseWebhookMessage } from './webhook-message';

const at = new Date('2026-12-01T10:00:00.000Z');

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then stops after the eighth attempt', () => {
    const waits: number[] = [];
    for (let attempt = 0; ; attempt += 1) {
      const next = nextAttemptTime(attempt, at);
      if (!next) break;
      waits.push((next.getTime() - at.getTime()) / 1000);
    }
    expect(waits).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000]);
    expect(waits).toHaveLength(WEBHOOK_RETRY_SCHEDULE_SECONDS.length - 1);
    // About 27.6 hours from the first attempt to the last.
    expect(waits.reduce((sum, wait) => sum + wait, 0) / 3600).toBeCloseTo(27.6, 1);
  });
});

describe('the signed headers', () => {
  it('are the three of Standard Webhooks, and its own verifier accepts them', () => {
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const body = JSON.stringify({ type: 'webhook.test', timestamp: at.toISOString(), data: {} });
    const headers = signedHeaders(secret, 'msg_01', body, at);
    expect(headers['webhook-id']).toBe('msg_01');
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // Verified as a receiver would, at the moment it was signed.
    const receiver = new Webhook(secret);
    const verify = (payload: string) =>
      receiver.verify(payload, { ...headers, 'webhook-timestamp': headers['webhook-timestamp'] ?? '' });
    const realNow = Date.now;
    Date.now = () => at.getTime();
    try {
      expect(verify(body)).toEqual(JSON.parse(body));
      expect(() => verify(body.replace('webhook.test', 'job.failed'))).toThrow();
    } finally {
      Date.now = realNow;
    }
  });
});

describe('a webhook message', () => {
  const message = {
    kind: 'webhook',
    webhookId: 'w',
    deliveryId: 'msg_1',
    round: 2,
    attempt: 3,
    dueAt: at.toISOString(),
  };

  it('is read back as it was sent', () => {
    expect(parseWebhookMessage(JSON.stringify(message))).toEqual(message);
  });

  it('is not a job message, nor a malformed one', () => {
    expect(parseWebhookMessage(JSON.stringify({ jobId: '01J' }))).toBeNull();
    expect(parseWebhookMessage('not json')).toBeNull();
    expect(parseWebhookMessage(JSON.stringify({ ...message, round: 1.5 }))).toBeNull();
    expect(parseWebhookMessage(JSON.stringify({ ...message, deliveryId: 7 }))).toBeNull();
  });
});
