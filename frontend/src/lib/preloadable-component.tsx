import { type ComponentType, lazy, useState } from 'react';
import type { Preloadable } from './preloadable';

/**
 * A component from a preloadable import: rendered at once when the import has already resolved, else
 * lazily (inside a Suspense boundary). Suspending on code that is already there costs a second render
 * and shows the fallback, whose replacement React then holds back for up to 300 ms. Each mount decides
 * once, so a component never swaps type (losing its state) when its import resolves while it is shown.
 */
export function preloadableComponent<M, P extends object>(
  source: Preloadable<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => source.load().then((module) => ({ default: pick(module) })));
  return function PreloadableComponent(props: P) {
    const [Component] = useState<ComponentType<P>>(() => {
      const module = source.loaded();
      return module ? pick(module) : Lazy;
    });
    return <Component {...props} />;
  };
}
