import type { PlatformDescriptor, ServiceDescriptor } from './types';
import { twitter } from './twitter';
import { instagram } from './instagram';
import { youtube } from './youtube';
import { tiktok } from './tiktok';

export type { PlatformDescriptor, ServiceDescriptor } from './types';

/**
 * The registry (issue #34): every platform the product sells, in the order the site lists them.
 * Adding a platform is a folder here, its messages, its simulator data and a migration of the
 * `platform` enum; package prices need none (docs/platforms.md "Adding a platform").
 */
export const PLATFORM_REGISTRY = [twitter, instagram, youtube, tiktok] as const;

type Registry = typeof PLATFORM_REGISTRY;
export type PlatformKey = Registry[number]['key'];
export type ServiceKey = Registry[number]['services'][number]['key'];

const byKey = new Map<string, PlatformDescriptor>(PLATFORM_REGISTRY.map((p) => [p.key, p]));
const serviceIndex = new Map<string, { platform: PlatformDescriptor; service: ServiceDescriptor }>(
  PLATFORM_REGISTRY.flatMap((platform) => platform.services.map((service) => [service.key, { platform, service }] as const)),
);

/** A platform's descriptor; undefined for a key that is not one. */
export function platformDescriptor(key: string): PlatformDescriptor | undefined {
  return byKey.get(key);
}

/** A service's descriptor and its platform's; undefined for a key that is not one. */
export function serviceDescriptor(key: string): { platform: PlatformDescriptor; service: ServiceDescriptor } | undefined {
  return serviceIndex.get(key);
}

/** Every service of every platform, in the registry's order. */
export function allServices(): { platform: PlatformDescriptor; service: ServiceDescriptor }[] {
  return [...serviceIndex.values()];
}
