import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { UNCONFIGURED_RUNTIME_CONFIG } from '#shared/runtime-config';
import { setRuntimeConfig } from '@/lib/config';
import { API_URL, apiServer, REALTIME_URL } from './api-server';
import { SIGNED_IN_USER, signedInUser, signInAs } from './signed-in-user';

/**
 * The component project's setup (docs/testing.md): a signed-in session without Cognito or Amplify (the
 * session module answers for the user of signed-in-user.ts and a fixed token the mocked API ignores),
 * the runtime config pointing at the mocked API, and the DOM emptied and the staff member signed in
 * again after each test.
 */
vi.mock('@/lib/auth/session', () => ({
  mayHaveSession: () => true,
  getIdToken: async () => 'component-test-token',
  readSignedInUser: async () => signedInUser(),
  onSessionChange: () => () => undefined,
  loadAmplify: () => Promise.reject(new Error('Amplify is not loaded in component tests.')),
}));

setRuntimeConfig({ ...UNCONFIGURED_RUNTIME_CONFIG, apiUrl: API_URL, wsUrl: REALTIME_URL });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  signInAs(SIGNED_IN_USER);
});
afterAll(() => apiServer.close());
