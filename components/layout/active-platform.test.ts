import { describe, expect, it } from 'vitest';
import { ACTIVE_PLATFORM_KEY, readActivePlatform, rememberActivePlatform } from './active-platform';

class Local {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
}

describe('activePlatform (§3)', () => {
  it('is twitter by default, then the platform last worked on', () => {
    const local = new Local();
    expect(readActivePlatform(['twitter', 'instagram', 'youtube'], local)).toBe('twitter');
    rememberActivePlatform('instagram', local);
    expect(local.items.get(ACTIVE_PLATFORM_KEY)).toBe('instagram');
    expect(readActivePlatform(['twitter', 'instagram', 'youtube'], local)).toBe('instagram');
  });

  it('falls back when the stored platform is switched off or unknown, or storage is blocked', () => {
    const local = new Local();
    rememberActivePlatform('youtube', local);
    expect(readActivePlatform(['twitter', 'instagram'], local)).toBe('twitter');
    expect(readActivePlatform(['instagram'], local)).toBe('instagram');
    const blocked = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } };
    expect(readActivePlatform(['twitter'], blocked)).toBe('twitter');
    expect(() => rememberActivePlatform('twitter', blocked)).not.toThrow();
  });
});
