/**
 * API keys leave no timing oracle (docs/decisions.md, "API keys and the public API"): the authorizer's time
 * for a good key, a wrong one, a deactivated one and a deleted one, called in-process against the local
 * DynamoDB, interleaved so they share the same conditions. Prints median and 90th percentile per kind.
 */
import type { APIGatewayRequestAuthorizerEventV2 } from 'aws-lambda';
import { envNames } from '#contract/routes';
import { newApiKeyValue } from '#functions/api-keys/api-key-secret';
import { handler } from '#functions/auth/http-authorizer';
import { httpApiEvent, requestAuthorizerEvent } from '#local/http-api-event';
import type { CreatedApiKey } from '#shared/api-keys';
import { ORIGIN_VERIFY_HEADER } from '#shared/origin-verify';
import { startTestRuntime } from '#test/support/test-runtime';

const ROUNDS = 400;

function eventFor(key: string): APIGatewayRequestAuthorizerEventV2 {
  const authorization = `Bearer ${key}`;
  const request = httpApiEvent({
    routeKey: 'GET /api/clients',
    method: 'GET',
    rawPath: '/api/clients',
    // As CloudFront sends it: the runtime sets the origin secret for this process.
    headers: {
      authorization,
      [ORIGIN_VERIFY_HEADER]: process.env[envNames.originSecret] ?? '',
      'user-agent': 'bench',
    },
  });
  return requestAuthorizerEvent(request, [authorization]);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function run(): Promise<void> {
  const app = await startTestRuntime();
  try {
    const user = await app.createUser();
    const make = async (name: string) =>
      (
        await app.request<CreatedApiKey>('POST', '/api/api-keys', {
          token: user.idToken,
          body: { name },
        })
      ).body;
    const good = await make('good');
    const inactive = await make('inactive');
    const deleted = await make('deleted');
    await app.request('PATCH', `/api/api-keys/${inactive.id}`, {
      token: user.idToken,
      body: { is_active: false },
    });
    await app.request('DELETE', `/api/api-keys/${deleted.id}`, { token: user.idToken });
    const kinds: Record<string, string> = {
      good: good.key,
      wrong: newApiKeyValue().key,
      deactivated: inactive.key,
      deleted: deleted.key,
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
    for (const key of Object.values(kinds)) await handler(eventFor(key)); // warm up
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [kind, key] of Object.entries(kinds)) {
        const started = performance.now();
        await handler(eventFor(key));
        times[kind]?.push(performance.now() - started);
      }
    }
    console.log(`${ROUNDS} authorizer calls per kind, interleaved (local DynamoDB):`);
    for (const [kind, values] of Object.entries(times)) {
      console.log(
        `  ${kind.padEnd(12)} median ${percentile(values, 50).toFixed(2)} ms, p90 ${percentile(values, 90).toFixed(2)} ms`,
      );
    }
  } finally {
    await app.stop();
  }
}
