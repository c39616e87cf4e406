/**
 * A dynamic import that can be started ahead of use and read synchronously once it has resolved, so
 * the component it brings can render at once instead of suspending (lib/preloadable-component.tsx).
 * No React import here: app/public-screens.ts uses it from the entry chunk.
 */
export interface Preloadable<T> {
  /** Starts (or joins) the import; a failed one may be tried again. */
  load(): Promise<T>;
  /** The module once its import has resolved. */
  loaded(): T | undefined;
}

export function preloadable<T>(importer: () => Promise<T>): Preloadable<T> {
  let pending: Promise<T> | null = null;
  let value: T | undefined;
  return {
    load: () => {
      pending ??= importer().then(
        (module) => {
          value = module;
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}
