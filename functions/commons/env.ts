import { envNames } from '#contract/routes';

type EnvKey = keyof typeof envNames;

/** Reads a setting at call time (the local runtime sets the environment before handlers run). */
export function readEnv(key: EnvKey): string | undefined {
  const value = process.env[envNames[key]];
  return value === undefined || value === '' ? undefined : value;
}

export function requireEnv(key: EnvKey): string {
  const value = readEnv(key);
  if (value === undefined) {
    throw new Error(`Missing configuration: environment variable ${envNames[key]} is not set`);
  }
  return value;
}

export function adminEmails(): ReadonlySet<string> {
  return new Set(
    (readEnv('adminEmails') ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  );
}
