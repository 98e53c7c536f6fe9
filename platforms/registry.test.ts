import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import { PLATFORM_REGISTRY, platformDescriptor, serviceDescriptor, allServices } from './index';
import { PLATFORM_SIMS } from './sim';
import { isLinkOf } from '@/lib/domain/operations/limits';
import { ENDPOINT_KEYS, PLATFORMS, PROMPT_SERVICES, SERVICE_IDS, SERVICES } from '@/lib/domain/catalogue/services';

/** Issue #34: the platform registry is the one place a platform is described; these hold it together. */
describe('the platform registry', () => {
  it('has distinct platform keys, link fields, service keys, service numbers and send paths', () => {
    const keys = PLATFORM_REGISTRY.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(PLATFORM_REGISTRY.map((p) => p.linkField)).size).toBe(keys.length);
    const services = allServices();
    expect(new Set(services.map((s) => s.service.key)).size).toBe(services.length);
    expect(new Set(services.map((s) => s.service.id)).size).toBe(services.length);
    expect(new Set(services.map((s) => `${s.platform.key}/${s.service.path}`)).size).toBe(services.length);
    for (const { service } of services) expect(service.path).toMatch(/^[a-z][a-z-]*$/);
  });

  it('names every platform and service in tr, en and de', () => {
    for (const messages of [tr, en, de] as unknown as Record<string, Record<string, string>>[]) {
      for (const p of PLATFORM_REGISTRY) expect(messages.Platforms![p.key], p.key).toEqual(expect.any(String));
      for (const { service } of allServices()) expect(messages.Services![service.key], service.key).toEqual(expect.any(String));
    }
  });

  it('takes each platform’s example link and refuses the others’', () => {
    for (const p of PLATFORM_REGISTRY) {
      expect(isLinkOf(p.key, p.exampleLink), p.key).toBe(true);
      for (const other of PLATFORM_REGISTRY.filter((o) => o.key !== p.key)) expect(isLinkOf(p.key, other.exampleLink), `${p.key} ← ${other.key}`).toBe(false);
    }
    expect(isLinkOf('nope', 'https://x.com/a/status/1')).toBe(false);
  });

  it('is what the catalogue lists, in its order', () => {
    expect([...PLATFORMS]).toEqual(PLATFORM_REGISTRY.map((p) => p.key));
    for (const p of PLATFORM_REGISTRY) {
      expect([...SERVICES[p.key]]).toEqual(p.services.map((s) => s.key));
      expect(ENDPOINT_KEYS[p.key]).toEqual(expect.arrayContaining(['profile_list', ...p.services.map((s) => s.key)]));
      for (const s of p.services) {
        expect(SERVICE_IDS[s.key]).toBe(s.id);
        expect(PROMPT_SERVICES.includes(s.key)).toBe(s.input === 'prompt');
        expect(serviceDescriptor(s.key)?.platform).toBe(platformDescriptor(p.key));
      }
    }
  });

  it('gives the simulated provider data for every platform, with distinct id prefixes and a count scale per service', () => {
    const sims = PLATFORM_REGISTRY.map((p) => PLATFORM_SIMS[p.key]);
    for (const [i, sim] of sims.entries()) {
      expect(sim, PLATFORM_REGISTRY[i]!.key).toBeDefined();
      // A new post has no target and so no count.
      for (const s of PLATFORM_REGISTRY[i]!.services.filter((x) => x.input !== 'text')) expect(sim!.countScale[s.key], s.key).toBeGreaterThan(0);
      for (const service of Object.keys(sim!.proofs)) expect(serviceDescriptor(service)?.platform.key).toBe(PLATFORM_REGISTRY[i]!.key);
    }
    expect(new Set(sims.map((s) => s!.prefix)).size).toBe(sims.length);
  });
});
