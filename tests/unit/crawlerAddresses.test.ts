import type { LookupAddress } from 'node:dns';
import { AddressRefused, guardedLookup, isForbiddenAddress } from '../../crawler/addresses';
import { allowedHosts, ipLiteral, normalizeUrl } from '../../crawler/urls';

/*
 * The crawler's address rules: private, loopback, link-local, unique-local, multicast and reserved
 * addresses are refused in IPv4 and IPv6, including IPv6 forms that carry an IPv4 address; the
 * connect-time lookup refuses a name when any of its addresses is such.
 */

test.each([
  '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1',
  '239.255.255.250', '255.255.255.255', '240.0.0.1', '198.18.0.5', '192.0.2.10',
  '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '[::1]',
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '::127.0.0.1', '64:ff9b::a00:1', '2002:c0a8:0101::1', '2001:db8::1',
  'localhost', 'not an address',
])('%s is refused', (a) => expect(isForbiddenAddress(a)).toBe(true));

test.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1'])('%s is public', (a) =>
  expect(isForbiddenAddress(a)).toBe(false),
);

type Resolver = Parameters<typeof guardedLookup>[0];
const resolver =
  (addresses: LookupAddress[]): Resolver =>
  (_host, _options, callback) =>
    callback(null, addresses);

const lookup = (addresses: LookupAddress[], all: boolean) =>
  new Promise<{ err: unknown; address: unknown; family?: number }>((resolve) =>
    guardedLookup(resolver(addresses))('shop.example', { all }, (err, address, family) => resolve({ err, address, family })),
  );

test('the connect-time lookup passes public addresses on, in both of the forms net.connect asks for', async () => {
  const public4 = { address: '93.184.216.34', family: 4 };
  const public6 = { address: '2606:2800:220:1::1', family: 6 };
  expect(await lookup([public4, public6], false)).toEqual({ err: null, address: '93.184.216.34', family: 4 });
  expect(await lookup([public4, public6], true)).toMatchObject({ err: null, address: [public4, public6] });
});

test('the connect-time lookup refuses a name when any of its addresses is private (rebinding, or a round robin with one inside)', async () => {
  for (const addresses of [[{ address: '127.0.0.1', family: 4 }], [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }], [{ address: '::ffff:192.168.0.1', family: 6 }]]) {
    const r = await lookup(addresses, true);
    expect(r.err).toBeInstanceOf(AddressRefused);
    expect((r.err as AddressRefused).address).toBe(addresses.find((a) => isForbiddenAddress(a.address))!.address);
  }
});

test('URLs are normalised: fragment dropped, scheme and host lower-cased, default port dropped, query kept as written', () => {
  expect(normalizeUrl('HTTP://Shop.Example:80/a/../b?z=1&a=2#top')).toBe('http://shop.example/b?z=1&a=2');
  expect(normalizeUrl('item?id=3#x', 'https://shop.example/cat/')).toBe('https://shop.example/cat/item?id=3');
  for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', 'ftp://shop.example/', 'http://user:pw@shop.example/', 'data:text/html,hi', '//'])
    expect(normalizeUrl(bad, 'https://shop.example/')).toBeNull();
  expect(normalizeUrl(`https://shop.example/${'a'.repeat(2100)}`)).toBeNull();
});

test('a site may fetch from its start host and its extra hosts only; IP literals are recognised in every spelling', () => {
  const hosts = allowedHosts('https://shop.example/start', ['CDN.Example', 'img.example:8080']);
  expect([...hosts].sort()).toEqual(['cdn.example', 'img.example:8080', 'shop.example']);
  expect(ipLiteral('http://[::1]:8080/')).toBe('::1');
  expect(ipLiteral('http://0x7f.1/')).toBe('127.0.0.1');
  expect(ipLiteral('http://shop.example/')).toBeNull();
});
