/**
 * Which addresses the app may call as a fulfilment provider (issue #14): the endpoint URLs are
 * typed in by admins, so without a rule they could make the server call its cloud's metadata
 * service or anything else on its private network. Link-local addresses (169.254.0.0/16,
 * fe80::/10 — where the metadata services live) and reserved ones (0.0.0.0/8, multicast, …) are
 * never called; loopback and private addresses only with PROVIDER_ALLOW_PRIVATE=1, except the
 * built-in simulated provider, which the seed points every endpoint at on this server's loopback
 * address (docs/provider-api.md). Pure functions: no DNS here (lib/domain/provider/guarded-fetch.ts
 * checks resolved addresses at call time).
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

type V4Range = [number, number, AddressClass];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

// [first address, prefix length, class]; the most specific match wins (list order).
const V4_RANGES: V4Range[] = [
  [v4(0, 0, 0, 0), 8, 'reserved'],
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link-local'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(100, 64, 0, 0), 10, 'private'],
  [v4(192, 0, 0, 0), 24, 'private'],
  [v4(198, 18, 0, 0), 15, 'private'],
  [v4(224, 0, 0, 0), 4, 'reserved'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

function parseV4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return v4(Number(parts[0]), Number(parts[1]), Number(parts[2]), Number(parts[3]));
}

function classifyV4(n: number): AddressClass {
  for (const [start, bits, cls] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if (((n & mask) >>> 0) === start) return cls;
  }
  return 'public';
}

/** Eight 16-bit groups of an IPv6 address, or undefined when `text` is not one. */
function parseV6(text: string): number[] | undefined {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(s) || !s.includes(':')) return undefined;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4) becomes two hexadecimal groups.
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const n = parseV4(s.slice(lastColon + 1));
    if (n === undefined) return undefined;
    s = `${s.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const group = (h: string) => (h === '' ? [] : h.split(':'));
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return undefined;
  const zeros = new Array<number>(8 - known).fill(0);
  return [...head, ...zeros, ...rest].map((g) => (typeof g === 'number' ? g : parseInt(g, 16)));
}

function classifyV6(g: number[]): AddressClass {
  const embedded = () => classifyV4(((g[6]! << 16) >>> 0) + g[7]!);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  if (zeroUpTo(8)) return 'reserved';
  // IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and the old IPv4-compatible form.
  if (zeroUpTo(5) && g[5] === 0xffff) return embedded();
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded();
  if (zeroUpTo(6)) return embedded();
  // 6to4 carries an IPv4 address in groups 1-2.
  if (g[0] === 0x2002) return classifyV4(((g[1]! << 16) >>> 0) + g[2]!);
  // AWS's IPv6 metadata service lives in the unique-local range: treat it as the IPv4 one.
  if (g[0] === 0xfd00 && g[1] === 0x0ec2) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private';
  if ((g[0]! & 0xff00) === 0xff00) return 'reserved';
  return 'public';
}

/** The class of an IP address literal (IPv4 dotted or IPv6, brackets allowed), or undefined for anything else. */
export function classifyAddress(address: string): AddressClass | undefined {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const n = parseV4(text);
  if (n !== undefined) return classifyV4(n);
  const g = parseV6(text);
  return g ? classifyV6(g) : undefined;
}

/** Whether an address of this class may be called. */
export function isAllowedClass(cls: AddressClass, options: { allowPrivate: boolean; allowLoopback?: boolean }): boolean {
  if (cls === 'public') return true;
  if (cls === 'loopback') return options.allowPrivate || !!options.allowLoopback;
  if (cls === 'private') return options.allowPrivate;
  return false;
}

/** Host names that name this machine or a metadata service without DNS. */
function classifyHostName(host: string): AddressClass | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (h === 'metadata' || h === 'metadata.google.internal' || h === 'instance-data') return 'link-local';
  return undefined;
}

const SIM_PREFIX = '/sim-provider/';

/**
 * The built-in simulated provider: a loopback URL under /sim-provider/ (the seed writes
 * `http://127.0.0.1:<PORT>/sim-provider/…`). Only loopback is allowed for it, never another
 * private address.
 */
export function isBuiltInSimulator(url: URL): boolean {
  return (classifyAddress(url.hostname) ?? classifyHostName(url.hostname)) === 'loopback' && url.pathname.startsWith(SIM_PREFIX);
}

export type EndpointProblem = 'invalid_url' | 'forbidden_address';

/**
 * Checks an endpoint URL without DNS: an IP literal or a well-known local name must be allowed by
 * the policy. A host name is checked again after resolution, at call time.
 */
export function endpointUrlProblem(value: string, options: { allowPrivate: boolean }): EndpointProblem | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid_url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid_url';
  const cls = classifyAddress(url.hostname) ?? classifyHostName(url.hostname);
  if (cls === undefined) return undefined;
  return isAllowedClass(cls, { allowPrivate: options.allowPrivate, allowLoopback: isBuiltInSimulator(url) }) ? undefined : 'forbidden_address';
}
