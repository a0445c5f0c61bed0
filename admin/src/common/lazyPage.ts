// A screen loaded when first shown, so the sign-in screen does not carry every page's code.
import { lazy, type ComponentType } from 'react';

/** React.lazy for a module's named component export: lazyPage(() => import('./X'), 'X'). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page has its own props
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
