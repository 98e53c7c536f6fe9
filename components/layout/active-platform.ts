/**
 * §3 "activePlatform": the platform the visitor last worked on, kept in the browser's local storage
 * (default: the registry's first platform) and used where the address names no platform (/service puts it first).
 */
export const ACTIVE_PLATFORM_KEY = 'activePlatform';
import { DEFAULT_PLATFORM } from '@/lib/domain/catalogue/services';

export { DEFAULT_PLATFORM };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

const store = (): Store | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked
  }
};

/** The stored platform when it is one of `available`, else twitter when available, else the first. */
export function readActivePlatform(available: readonly string[], storage: Store | undefined = store()): string | undefined {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(ACTIVE_PLATFORM_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (stored && available.includes(stored)) return stored;
  return available.includes(DEFAULT_PLATFORM) ? DEFAULT_PLATFORM : available[0];
}

export function rememberActivePlatform(platform: string, storage: Store | undefined = store()): void {
  try {
    storage?.setItem(ACTIVE_PLATFORM_KEY, platform);
  } catch {
    // Storage full or blocked: the default applies next time.
  }
}
