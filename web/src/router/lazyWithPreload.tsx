import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` that can be fetched ahead of its first render (`preload()`), and that renders
 * without suspending once fetched: a fetched chunk then shows at once instead of behind a
 * Suspense fallback and React's ~300 ms reveal throttle.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchChunk = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A failed fetch (network blip, new deployment) is tried again on the next render.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchChunk().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const preload = (): Promise<void> => fetchChunk().then(() => undefined);
  return Object.assign(Preloadable, { preload });
}
