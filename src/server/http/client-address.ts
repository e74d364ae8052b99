import proxyaddr from 'proxy-addr';

/** TRUST_PROXY as configured: no proxy, a number of proxy hops in front, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** Parses TRUST_PROXY: `false`, `true` (one proxy), a hop count, or addresses/CIDRs (`loopback`, `10.0.0.0/8`, …). */
export function parseTrustProxy(value: string): TrustProxy {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  proxyaddr.compile(list); // throws on an address it cannot read
  return list;
}

const compiled = new Map<string, (addr: string, i: number) => boolean>();

function trustFunction(trust: Exclude<TrustProxy, false>): (addr: string, i: number) => boolean {
  if (typeof trust === 'number') return (_addr, i) => i < trust;
  const key = trust.join(',');
  let fn = compiled.get(key);
  if (!fn) compiled.set(key, (fn = proxyaddr.compile(trust)));
  return fn;
}

/**
 * The caller's address: the connection's peer, or behind trusted proxies the right-most
 * `X-Forwarded-For` hop that is not itself a trusted proxy. Values left of it were written by
 * the client and are never believed.
 */
export function clientAddress(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  if (trust === false || !forwardedFor) return peer;
  const req = {
    headers: { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  };
  return proxyaddr(req as never, trustFunction(trust));
}
