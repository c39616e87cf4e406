import { HttpResponse, http, ws } from 'msw';
import { setupServer } from 'msw/node';
import type { AgencySettings } from '#shared/agency-settings';
import { DEFAULT_TIME_ZONE } from '#shared/time-zone';

/** Where the component tests' app finds its API and its WebSocket (the runtime config). */
export const API_URL = 'http://api.component.test';
export const REALTIME_URL = 'ws://realtime.component.test';

export const apiUrl = (path: string): string => `${API_URL}${path}`;

/** The agency's settings as a fresh deployment has them: every screen that shows a month reads them. */
export const DEFAULT_AGENCY_SETTINGS: AgencySettings = {
  timeZone: DEFAULT_TIME_ZONE,
  updatedAt: null,
  updatedBy: null,
  agencyName: null,
  logoUrl: null,
};

/**
 * What the app asks of its server on any screen, answered as a fresh deployment would: the agency's
 * settings, and a WebSocket that connects and stays quiet (a test that needs a push adds its own).
 */
const ambientHandlers = [
  http.get(apiUrl('/api/settings'), () => HttpResponse.json(DEFAULT_AGENCY_SETTINGS)),
  ws.link(`${REALTIME_URL}/*`).addEventListener('connection', () => undefined),
  ws.link(REALTIME_URL).addEventListener('connection', () => undefined),
];

/**
 * The API the screens under component test talk to: Mock Service Worker in Node, intercepting the
 * app's own `fetch` and WebSocket, so a screen is tested through its real data code
 * (`lib/api-client.ts`). Each test declares the replies it needs with
 * `apiServer.use(http.get(apiUrl('/api/…'), …))`; a request nobody declared fails the test
 * (`onUnhandledRequest: 'error'` in setup.ts).
 */
export const apiServer = setupServer(...ambientHandlers);
