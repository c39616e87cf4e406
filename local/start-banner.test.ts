import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

const facts = {
  url: 'http://localhost:3000',
  readySeconds: 4.21,
  buildSeconds: null,
  admin: { email: 'admin@example.com', password: 'Lbm-secret' },
  allowedEmailDomain: 'example.com',
  dataDir: '/home/me/lbm/.data',
};

describe('startBanner', () => {
  it('names the URL, the admin sign-in, the mailbox and the data folder', () => {
    const banner = startBanner(facts);
    expect(banner).toContain('LBM Studio is running at http://localhost:3000  (ready in 4.2 s)');
    expect(banner).toContain('admin@example.com  /  Lbm-secret');
    expect(banner).toContain('http://localhost:3000/dev/mailbox');
    expect(banner).toContain('Data is kept in /home/me/lbm/.data.');
  });

  it('folds the frontend build time into the first line instead of a line of its own', () => {
    const banner = startBanner({ ...facts, buildSeconds: 8.06 });
    expect(banner.trim().split('\n')[0]).toBe(
      'LBM Studio is running at http://localhost:3000  (ready in 4.2 s, frontend built in 8.1 s)',
    );
  });
});
