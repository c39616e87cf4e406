/**
 * What `npm start` prints once the app is up: the first screen a newcomer reads, so it carries everything
 * needed to begin (URL, admin sign-in, how sign-up codes arrive, where data lives) and nothing else.
 */
export interface StartBannerFacts {
  readonly url: string;
  readonly readySeconds: number;
  /** Seconds spent building the frontend first, or null when the build was current. */
  readonly buildSeconds: number | null;
  readonly admin: { readonly email: string; readonly password: string };
  readonly allowedEmailDomain: string;
  readonly dataDir: string;
}

export function startBanner(facts: StartBannerFacts): string {
  const timing =
    facts.buildSeconds === null
      ? `ready in ${facts.readySeconds.toFixed(1)} s`
      : `ready in ${facts.readySeconds.toFixed(1)} s, frontend built in ${facts.buildSeconds.toFixed(1)} s`;
  return `
  LBM Studio is running at ${facts.url}  (${timing})

  Sign in as the admin:  ${facts.admin.email}  /  ${facts.admin.password}
  Or sign up with any @${facts.allowedEmailDomain} address; the verification code appears
  here and at ${facts.url}/dev/mailbox.

  Data is kept in ${facts.dataDir}. Press Ctrl+C to stop.
`;
}
