import { PLATFORM_REGISTRY, platformDescriptor, serviceDescriptor } from '@/platforms';

/**
 * The product's platforms, services and fulfilment endpoint keys (spec §1, §2, §3 Platform), as
 * the platform registry (`platforms/`, issue #34) describes them. Plain data shared by the server
 * and the browser; nothing here names a platform or a service.
 */
type Registry = (typeof PLATFORM_REGISTRY)[number];
export type Platform = Registry['key'];
type ServicesOf<P extends Platform> = Extract<Registry, { key: P }>['services'][number]['key'];
export type Service = ServicesOf<Platform>;

export const PLATFORMS = PLATFORM_REGISTRY.map((p) => p.key) as unknown as readonly [Platform, ...Platform[]];

export const SERVICES = Object.fromEntries(PLATFORM_REGISTRY.map((p) => [p.key, p.services.map((s) => s.key)])) as unknown as {
  readonly [P in Platform]: readonly [ServicesOf<P>, ...ServicesOf<P>[]];
};

/** The most profiles one send may name (§7 sends, the reseller API, a pay-per-action price's cap). */
export const MAX_PROFILES_PER_SEND = 500;

/**
 * Issue #33: each service's stable integer id, the reseller protocol's `service` (`"service": 1`
 * beside its `key`). Tools store these numbers and sort and subtract them: an id is never
 * changed or reused, and a new service takes the next free number (services.test.ts pins every
 * pair). Each service's descriptor holds its number.
 */
export const SERVICE_IDS = Object.fromEntries(PLATFORM_REGISTRY.flatMap((p) => p.services.map((s) => [s.key, s.id]))) as unknown as Readonly<Record<Service, number>>;

/** The service of a protocol id (1, or "1" as form text) or key, or undefined. */
export function serviceOfWire(value: unknown): Service | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^[0-9]{1,6}$/.test(text)) {
    const n = Number(text);
    return (Object.keys(SERVICE_IDS) as Service[]).find((s) => SERVICE_IDS[s] === n);
  }
  return platformOfService(text) ? (text as Service) : undefined;
}

/**
 * Issue #37 item 4: the reseller protocol's subscription services (type "Subscriptions": the
 * service run on every new post of an account, a watch). One per service that acts on a post
 * through its link (a watch's services: not a new post of one's own, not a channel), numbered
 * SUBSCRIPTION_ID_BASE + the service's own number: as fixed as that number, and never one of the
 * services' numbers (those are far below it; services.test.ts pins both).
 */
export const SUBSCRIPTION_ID_BASE = 1000;
export const WATCHABLE_SERVICES: readonly Service[] = PLATFORM_REGISTRY.flatMap((p) =>
  p.services.filter((s) => s.input !== 'text' && (s.targets as readonly string[]).includes('post')).map((s) => s.key as Service),
);

/** The subscription service's number of a watchable service. */
export function subscriptionIdOf(service: Service): number {
  return SUBSCRIPTION_ID_BASE + SERVICE_IDS[service];
}

/** The subscription service's key in `services` (`like_subscription`): `add` takes it as `service` too. */
export function subscriptionKeyOf(service: Service): `${Service}_subscription` {
  return `${service}_subscription`;
}

/** The watchable service behind a subscription service's number (1002, or "1002" as form text) or key, or undefined. */
export function subscriptionOfWire(value: unknown): Service | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[0-9]{1,6}$/.test(text)) return WATCHABLE_SERVICES.find((s) => subscriptionKeyOf(s) === text);
  const n = Number(text);
  return WATCHABLE_SERVICES.find((s) => subscriptionIdOf(s) === n);
}

/** Services that have a page under /service/{service}: every service (§2). */
export const PAGE_SERVICES = SERVICES;

/** Endpoint keys an admin sets per platform (§3 Platform): the profile list, each service's, and the status call where there is one. */
export const ENDPOINT_KEYS = Object.fromEntries(
  PLATFORM_REGISTRY.map((p) => [p.key, [...p.extraEndpoints.filter((k) => k === 'profile_list'), ...p.services.map((s) => s.key), ...p.extraEndpoints.filter((k) => k !== 'profile_list')]]),
) as unknown as { readonly [P in Platform]: readonly string[] };

/** Services whose send takes a free-text prompt. */
export const PROMPT_SERVICES: readonly Service[] = PLATFORM_REGISTRY.flatMap((p) => p.services.filter((s) => s.input === 'prompt').map((s) => s.key));

/** Other spellings accepted in URLs (§2: new-tweet is also accepted). */
const SERVICE_ALIASES: Record<string, Service> = Object.fromEntries(
  PLATFORM_REGISTRY.flatMap((p) => p.services.flatMap((s) => ('aliases' in s ? s.aliases : []).map((alias) => [alias, s.key]))),
);

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

export function normalizeService(value: string): Service | undefined {
  const v = SERVICE_ALIASES[value] ?? value;
  return platformOfService(v as Service) ? (v as Service) : undefined;
}

export function platformOfService(service: string): Platform | undefined {
  return PLATFORMS.find((p) => (SERVICES[p] as readonly string[]).includes(service));
}

export function hasServicePage(service: Service): boolean {
  const platform = platformOfService(service);
  return !!platform && (PAGE_SERVICES[platform] as readonly string[]).includes(service);
}

/** The service a platform tab opens (§2: its first service). */
export function firstService(platform: Platform): Service {
  return PAGE_SERVICES[platform][0];
}

/** The platform the site opens on and lists first (the registry's first). */
export const DEFAULT_PLATFORM: Platform = PLATFORMS[0];

/** Whether a service is paid per profile by the profile's followers (§9 new tweets). */
export function isPaidByFollowers(service: string): boolean {
  const found = serviceDescriptor(service)?.service;
  return !!found && 'paidByFollowers' in found && found.paidByFollowers === true;
}

/** The services paid per profile by followers, and the platforms they belong to. */
export const FOLLOWER_PRICED_SERVICES: readonly Service[] = PLATFORM_REGISTRY.flatMap((p) => p.services.filter((s) => isPaidByFollowers(s.key)).map((s) => s.key));
export const FOLLOWER_PRICED_PLATFORMS: readonly Platform[] = PLATFORMS.filter((p) => SERVICES[p].some((s) => isPaidByFollowers(s)));

/** Whether a service posts a text of its own (a new tweet) rather than acting on a link. */
export function takesText(service: string): boolean {
  return serviceDescriptor(service)?.service.input === 'text';
}

/** Whether the site's "minimum profiles per send" setting applies to a platform's sends (§3). */
export function hasMinProfilesSetting(platform: string): boolean {
  const found = platformDescriptor(platform);
  return !!found && 'minProfilesSetting' in found && found.minProfilesSetting === true;
}

/** Whether the subscription page counts a service's use (every service but those kept out of it). */
export function shownInUsage(service: string): boolean {
  const found = serviceDescriptor(service)?.service;
  return !!found && !('hiddenInUsage' in found && found.hiddenInUsage);
}

/** A service's §7 send path, `/api/<platform>/<service path>`, from the registry. */
export function sendPath(service: Service): string {
  const found = serviceDescriptor(service)!;
  return `/api/${found.platform.key}/${found.service.path}`;
}

/** The price quote of a service paid by followers (§9): POST `<send path>/quote`. */
export function quotePath(service: Service): string {
  return `${sendPath(service)}/quote`;
}
