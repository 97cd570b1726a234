import { lazy, type ComponentType } from 'react';

/**
 * The one loader behind the site's lazily loaded parts (lazyServerRendered, lazyWhenWanted): the
 * chunk is asked for once, a failed load may be asked for again (the next attempt retries), and
 * once it has arrived the component itself is rendered rather than the `lazy` wrapper, so a part
 * shown again does not suspend.
 */
export function chunkLoader<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): {
  readonly preload: () => Promise<ComponentType<Props>>;
  readonly component: () => ComponentType<Props>;
} {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = (): Promise<ComponentType<Props>> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<Props>;
  return { preload, component: () => loaded ?? Lazy };
}
