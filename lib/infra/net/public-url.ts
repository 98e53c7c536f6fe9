import 'server-only';
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';

/**
 * Whether a URL typed in by a customer may be called by the server (webhooks, issue #16): an
 * outgoing request to an address of the server's own network would let anyone with an account
 * probe or reach internal services (SSRF). The rule:
 *
 * - https only, no user name or password in the URL;
 * - never a link-local or reserved address (169.254.0.0/16 and fe80::/10, where cloud metadata
 *   services live; 0.0.0.0/8, multicast, the documentation ranges, ::, …);
 * - no loopback or private address (127/8, 10/8, 172.16/12, 192.168/16, 100.64/10, ::1, fc00::/7,
 *   `localhost`) — unless `allowPrivate`, which also allows plain http, for local development and
 *   tests (WEBHOOK_ALLOW_PRIVATE=1);
 * - IPv4 written inside IPv6 (::ffff:a.b.c.d, 64:ff9b::/96, 2002::/16) is judged as that IPv4;
 * - a host name is judged by every address it resolves to, once when the URL is saved and again
 *   at connect time (publicOnlyLookup), so a name that later resolves elsewhere (DNS rebinding)
 *   is refused when it matters.
 *
 * The WHATWG URL parser has already turned the other spellings of an address (2852039166,
 * 0xa9.0xfe.0xa9.0xfe, [FE80::1]) into the canonical one this checks. The `shield` work has the
 * same rule for provider endpoints in lib/domain/provider/address-policy.ts; both can become one.
 */
export type UrlProblem = 'invalid_url' | 'not_https' | 'credentials' | 'forbidden_address' | 'private_address' | 'unresolvable';
export type AddressClass = 'public' | 'private' | 'forbidden';

const FORBIDDEN = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  FORBIDDEN.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['fd00:ec2::254', 128],
  ['100::', 64],
] as const)
  FORBIDDEN.addSubnet(a, p, 'ipv6');

const PRIVATE = new net.BlockList();
for (const [a, p] of [
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::1', 128],
  ['fc00::', 7],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv6');

/** The IPv4 address inside a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address, if any. */
function embeddedV4(ip: string): string | undefined {
  const groups = expandV6(ip);
  if (!groups) return undefined;
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return toV4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return toV4(groups[1]!, groups[2]!);
  return undefined;
}

function expandV6(ip: string): number[] | undefined {
  let text = ip.toLowerCase();
  const v4tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4tail) {
    const [a, b, c, d] = v4tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -v4tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  if (fill < 0) return undefined;
  const all = [...h, ...Array(fill).fill('0'), ...t].map((g) => parseInt(g, 16));
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : undefined;
}

/** The class of an IP address (without brackets or zone). */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) return 'forbidden';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (FORBIDDEN.check(bare, type)) return 'forbidden';
  if (PRIVATE.check(bare, type)) return 'private';
  if (family === 6) {
    const inner = embeddedV4(bare);
    if (inner) return classifyAddress(inner);
  }
  return 'public';
}

export type PublicUrlOptions = { allowPrivate: boolean };

function problemOfAddress(ip: string, options: PublicUrlOptions): UrlProblem | undefined {
  const cls = classifyAddress(ip);
  if (cls === 'forbidden') return 'forbidden_address';
  if (cls === 'private' && !options.allowPrivate) return 'private_address';
  return undefined;
}

/** Checks the URL itself, without DNS: scheme, credentials, a literal address, `localhost`. */
export function urlProblem(raw: string, options: PublicUrlOptions): UrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'invalid_url';
  }
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) return url.protocol === 'http:' ? 'not_https' : 'invalid_url';
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return 'invalid_url';
  if (net.isIP(host)) return problemOfAddress(host, options);
  if (host === 'localhost' || host.endsWith('.localhost')) return options.allowPrivate ? undefined : 'private_address';
  return undefined;
}

/** urlProblem, then every address the host name resolves to. */
export async function checkPublicUrl(raw: string, options: PublicUrlOptions): Promise<UrlProblem | undefined> {
  const problem = urlProblem(raw, options);
  if (problem) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) || host === 'localhost' || host.endsWith('.localhost')) return undefined;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    return 'unresolvable';
  }
  if (addresses.length === 0) return 'unresolvable';
  for (const a of addresses) {
    const p = problemOfAddress(a.address, options);
    if (p) return p;
  }
  return undefined;
}

/**
 * A `lookup` for http(s).request that resolves as usual and refuses the connection when any
 * resolved address breaks the rule: the check happens on the address actually connected to.
 */
export function publicOnlyLookup(options: PublicUrlOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => problemOfAddress(a.address, options));
      if (bad || list.length === 0) {
        const refused = Object.assign(new Error(`refused to connect to ${hostname}: not a public address`), { code: 'EADDRNOTPUBLIC' });
        return callback(refused, '', 4);
      }
      if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
