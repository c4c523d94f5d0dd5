import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Requests the server makes on an operator's behalf (model providers, interface variables) go
 * to the addresses an operator typed, so they must not reach the cloud's metadata service or
 * other link-local hosts, where a URL becomes the machine's credentials. Loopback and private
 * networks stay allowed: a model gateway often lives there.
 */
const REFUSED = new BlockList();
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local, and the metadata of most clouds
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4'); // "this host": reaches local services unannounced
REFUSED.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud's metadata service
REFUSED.addSubnet('fe80::', 10, 'ipv6'); // link-local
REFUSED.addAddress('fd00:ec2::254', 'ipv6'); // AWS's metadata service over IPv6
REFUSED.addAddress('::', 'ipv6');

export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`requests to ${host} are not allowed`);
    this.name = 'RefusedAddressError';
  }
}

export interface OutboundPolicy {
  /** Host names or addresses reached even when refused above (OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = { allowedHosts: [] };

/** `OUTBOUND_ALLOWED_HOSTS`: a comma-separated list of hosts. */
export function outboundPolicyFromEnv(value: string | undefined): OutboundPolicy {
  const allowedHosts = (value ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return { allowedHosts };
}

function bare(host: string): string {
  return host.toLowerCase().replace(/^\[|\]$/g, '');
}

export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return false;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a URL may not be fetched, or null when it may: not http(s), or a literal address that is
 * refused. Names are checked again when they resolve (a name may point anywhere).
 */
export function urlRefusal(url: string, policy: OutboundPolicy): 'scheme' | 'address' | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'scheme';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'scheme';
  const host = bare(parsed.hostname);
  if (policy.allowedHosts.includes(host)) return null;
  return isRefusedAddress(host) ? 'address' : null;
}

function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const allowed = policy.allowedHosts.includes(bare(hostname));
    dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const found = addresses as LookupAddress[];
      // Every address is checked, not the one picked: a name with one refused address is
      // refused, so the answer cannot change between the check and the connection.
      if (!allowed && found.some((a) => isRefusedAddress(a.address))) {
        return callback(new RefusedAddressError(hostname), '', 0);
      }
      if ((options as LookupOptions).all) return callback(null, found as never);
      const first = found[0];
      if (!first) return callback(new RefusedAddressError(hostname), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

const MAX_REDIRECTS = 5;

/**
 * A fetch whose connections go only to allowed addresses, following at most a few redirects,
 * each checked like the first URL.
 */
export function outboundFetch(policy: OutboundPolicy): typeof fetch {
  const agent = new Agent({ connect: { lookup: guardedLookup(policy) } });
  const guarded = async (input: string | URL | Request, init?: RequestInit) => {
    let url = input instanceof Request ? input.url : String(input);
    let request: RequestInit = { ...init, redirect: 'manual' };
    for (let hop = 0; ; hop++) {
      if (urlRefusal(url, policy)) throw new RefusedAddressError(new URL(url).hostname);
      const response = await undiciFetch(url, {
        ...(request as Parameters<typeof undiciFetch>[1]),
        dispatcher: agent,
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status > 399 || !location) {
        return response as unknown as Response; // undici's Response is the platform's type
      }
      if (hop >= MAX_REDIRECTS) throw new TypeError('too many redirects');
      await response.body?.cancel();
      url = new URL(location, url).toString();
      // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
      if (response.status === 303 || (request.method ?? 'GET').toUpperCase() === 'POST') {
        if (response.status !== 307 && response.status !== 308) {
          request = { ...request, method: 'GET', body: null };
        }
      }
    }
  };
  return guarded as typeof fetch;
}

/** The refused address behind an error, however deeply a client wrapped it. */
export function refusedAddressIn(error: unknown): RefusedAddressError | undefined {
  for (let e = error, depth = 0; e && depth < 8; depth++) {
    if (e instanceof RefusedAddressError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
