import { describe, expect, it } from 'vitest';
import { isPrivateAddress, urlRefusal } from './webhook-targets.ts';

/** Review of the webhook SSRF rule (issue 18 §4): IPv6 forms that carry or reach a local address. */
describe('webhook targets', () => {
  it('refuses the IPv6 forms that embed an IPv4 address or are not the public internet', () => {
    for (const address of [
      '::7f00:1', // IPv4-compatible ::127.0.0.1
      '::a9fe:a9fe', // IPv4-compatible ::169.254.169.254
      '::ffff:0:7f00:1', // IPv4-translated
      '64:ff9b:1::a00:1', // local-use NAT64
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fec0::1', // site-local
      '100::1', // discard-only
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    expect(urlRefusal('https://[::7f00:1]/hook', false)).toMatch(/public address/);
    expect(urlRefusal('https://[::ffff:0:a00:1]/hook', false)).toMatch(/public address/);
  });

  it('still admits public IPv6 and IPv4 addresses', () => {
    for (const address of ['2606:4700:4700::1111', '2001:4860:4860::8888', '1.1.1.1', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
