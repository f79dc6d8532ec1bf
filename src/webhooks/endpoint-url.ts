/**
 * Rules for a partner's webhook URL, and the SSRF guard (docs/webhooks.md):
 *
 * - production (also when NODE_ENV names no environment) and development (a partner-facing
 *   environment too): `https://` only, on port 443 or 8443 (`allowedPublicPorts`), and every
 *   address the host name resolves to must be public: no private, loopback, link-local, CGNAT,
 *   "this network", benchmarking, documentation, multicast or reserved IPv4 address; for IPv6
 *   only global unicast (2000::/3) outside its special-purpose blocks (IETF protocol assignments
 *   with Teredo, documentation, 6to4), so NAT64, IPv4-compatible, IPv4-translated, site-local and
 *   discard forms are refused; an IPv4-mapped address is judged by the IPv4 address inside it;
 * - the one way past that: a target the operator names in `WEBHOOK_ALLOWED_PRIVATE_TARGETS`
 *   (`host` or `host:port`), taken as named, whatever it resolves to; in development it may also
 *   be plain `http://`. Nothing is allowed this way by default;
 * - test (named only): `https://` anywhere, plain `http://` only to loopback (`localhost`,
 *   127.0.0.0/8, `::1`), for the suite's local receivers.
 *
 * The URL is checked when the partner sets it and again before each delivery pass (DNS may have
 * changed), and outside test the connection itself resolves through `guardedLookup`, so a host
 * name that re-resolves to a private address between the check and the connect is refused too.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Config } from '../config';
import { AppError } from '../errors';

export type Environment = Config['environment'];
/** Every address a host name resolves to (A and AAAA). */
export type Resolve = (hostname: string) => Promise<string[]>;
export type AllowedTarget = Config['webhookAllowedPrivateTargets'][number];

export const maxUrlLength = 2048;
/** Ports a public https webhook target may use outside test: HTTPS's own and its common alternative, never another service's (6379, 22, 25, ...). */
export const allowedPublicPorts: readonly number[] = [443, 8443];

/** A URL's host, lower case, without IPv6 brackets or a trailing dot. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

/** The port a URL connects to. */
function portOf(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
}

function isAllowedTarget(url: URL, allowed: readonly AllowedTarget[]): boolean {
  const host = hostOf(url);
  return allowed.some((a) => a.host === host && (a.port === null || a.port === portOf(url)));
}

/** IANA IPv4 special-purpose and documentation blocks a partner endpoint never lives in. */
const refusedV4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.168.0.0', 16], ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24],
  ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
/** Only global unicast IPv6 may be a destination... */
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
/** ...outside these blocks: IETF protocol assignments (Teredo 2001::/32 among them), documentation, 6to4. */
const refusedV6: [string, number][] = [['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['3fff::', 20]];
const blocked = new BlockList();
for (const [net, bits] of refusedV4) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of refusedV6) blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) IPv6 address. */
function embeddedV4(address: string): string | null {
  const match = /^::ffff:(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return null;
  if (match[1]) return match[1];
  const hi = parseInt(match[2]!, 16);
  const lo = parseInt(match[3]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether production refuses to send to this IP address. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(address);
  if (v4 !== null) return blocked.check(v4, 'ipv4');
  return !globalV6.check(address, 'ipv6') || blocked.check(address, 'ipv6');
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || embeddedV4(host)?.startsWith('127.') === true;
  return false;
}

const refuse = (detail: string) => new AppError('invalid_webhook_url', detail);

export const systemResolve: Resolve = (hostname) => new Promise((resolve, reject) => {
  dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses.map((a) => a.address))));
});

/**
 * Checks a webhook URL against the rules of `environment` and the operator's allowed private
 * targets; resolves the host name outside test. Returns the parsed URL, or throws AppError
 * `invalid_webhook_url` saying which rule failed.
 */
export async function checkEndpointUrl(raw: unknown, options: { environment: Environment; resolve?: Resolve; allowedTargets?: readonly AllowedTarget[] }): Promise<URL> {
  if (typeof raw !== 'string' || raw === '') throw refuse('url must be a non-empty string');
  if (raw.length > maxUrlLength) throw refuse(`url must be at most ${maxUrlLength} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('url is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('url must be https://');
  if (url.username || url.password) throw refuse('url must not carry credentials');
  if (url.hash) throw refuse('url must not have a fragment');
  const host = hostOf(url);
  if (host === '') throw refuse('url has no host');

  if (options.environment === 'test') {
    if (url.protocol === 'http:' && !isLoopback(host)) throw refuse('plain http:// is allowed only to loopback (localhost, 127.0.0.0/8, ::1) in test; use https://');
    return url;
  }
  const environment = options.environment;
  // A target the operator named is taken as named; in production it still needs https.
  if (isAllowedTarget(url, options.allowedTargets ?? [])) {
    if (url.protocol !== 'https:' && environment === 'production') throw refuse('url must be https:// in production');
    return url;
  }
  if (url.protocol !== 'https:') throw refuse(`url must be https:// in ${environment} (plain http:// only to a target named in WEBHOOK_ALLOWED_PRIVATE_TARGETS, in development)`);
  if (!allowedPublicPorts.includes(portOf(url))) throw refuse(`url port must be one of ${allowedPublicPorts.join(', ')} in ${environment}`);
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse('url host is a loopback name');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw refuse('url host name does not resolve');
    }
    if (addresses.length === 0) throw refuse('url host name does not resolve');
  }
  const bad = addresses.find(isRefusedAddress);
  if (bad !== undefined) throw refuse(`url host ${isIP(host) ? 'is' : 'resolves to'} a private, loopback, link-local or reserved address (${bad}); an operator allows such a target only by naming it in WEBHOOK_ALLOWED_PRIVATE_TARGETS`);
  return url;
}

/**
 * A `lookup` for outgoing connections that refuses (outside test) any host name resolving to an
 * address `isRefusedAddress` refuses, unless the operator allowed that host by name: the check and
 * the connect use the same resolution.
 */
export function guardedLookup(environment: Environment, allowedTargets: readonly AllowedTarget[] = []): LookupFunction | undefined {
  if (environment === 'test') return undefined;
  const allowedHosts = new Set(allowedTargets.map((a) => a.host));
  return ((hostname: string, options: LookupOptions, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (allowedHosts.has(hostname.replace(/\.$/, '').toLowerCase())) return options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family);
      const bad = addresses.find((a) => isRefusedAddress(a.address));
      if (bad || addresses.length === 0) return callback(Object.assign(new Error(`webhook host ${hostname} resolves to a refused address`), { code: 'EWEBHOOKADDRESS' }), '');
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as LookupFunction;
}
