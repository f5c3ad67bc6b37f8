import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the crawler may connect to. A crawled site is on the public internet: an address
 * on this machine, the local network or the provider's internal network (where a cloud's metadata
 * service answers on 169.254.169.254) is refused, unless an admin set allowPrivate for the site (the
 * demo marketplace on 127.0.0.1). The check runs on the address the socket really connects to
 * (guardedLookup, undici's connect.lookup), so a name that resolves to a public address when the
 * URL is checked and to a private one when connecting (DNS rebinding) cannot get through.
 */

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: carries an obfuscated IPv4 address of either kind
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  refused.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address in any notation (`::`, an IPv4 tail); null when it is not one. */
function ipv6Bytes(address: string): Uint8Array | null {
  if (isIP(address) !== 6) return null;
  let text = address.replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1].split('.').map(Number);
    text = text.slice(0, -tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const v = parseInt(g, 16);
    bytes[i * 2] = v >> 8;
    bytes[i * 2 + 1] = v & 0xff;
  });
  return bytes;
}

const v4 = (b: Uint8Array, at: number) => `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
const zeros = (b: Uint8Array, from: number, to: number) => b.slice(from, to).every((x) => x === 0);

/**
 * The IPv4 address an IPv6 one stands for, where it reaches an IPv4 host: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002:aabb:ccdd::/48).
 */
function embeddedIpv4(b: Uint8Array): string | null {
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(b, 12);
  if (zeros(b, 0, 12) && !zeros(b, 12, 16)) return v4(b, 12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return v4(b, 12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(b, 2);
  return null;
}

/** True for an address the crawler must not connect to without allowPrivate (see above); also for anything that is no IP address. */
export function isForbiddenAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  if (family === 4) return refused.check(plain, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(plain)!;
  const inner = embeddedIpv4(bytes);
  if (inner !== null && refused.check(inner, 'ipv4')) return true;
  return refused.check(plain.replace(/%.*$/, ''), 'ipv6');
}

/** The connection was refused because the host's address is private (see isForbiddenAddress). */
export class AddressRefused extends Error {
  readonly code = 'ERR_CRAWL_ADDRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolver = (hostname: string, options: LookupOptions & { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for net/tls.connect that refuses a name when any of its addresses is forbidden (all of
 * them are checked, so a round robin of one public and one private address cannot be used either).
 * Node calls it with `all: true` when it tries the addresses in turn (autoSelectFamily).
 */
export function guardedLookup(resolve: Resolver = dnsLookup as unknown as Resolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
      if (bad) return callback(new AddressRefused(hostname, bad.address) as NodeJS.ErrnoException, '');
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
