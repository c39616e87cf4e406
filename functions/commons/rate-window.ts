/**
 * Fixed windows of request budgets (the API keys' limit, the public review routes'): the window `now`
 * falls in, and the whole seconds until the next one starts (at least 1).
 */
export function windowOf(now: Date, windowSeconds: number): { start: number; retryAfterSeconds: number } {
  const seconds = now.getTime() / 1000;
  const start = Math.floor(seconds / windowSeconds) * windowSeconds;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil(start + windowSeconds - seconds)) };
}
