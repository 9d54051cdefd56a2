import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may go (SSRF): https on the public internet. `allowLocal` (config WEBHOOKS_ALLOW_HTTP,
 * tests and development) also admits http:// and loopback/private addresses. Checked when an endpoint is
 * saved and again at every delivery, on the addresses the host name resolves to then (a name that later
 * points inside the network is refused at delivery, and the connection goes to the address checked).
 */

const blocked = new BlockList();
// IPv6 rules apart: a BlockList also matches IPv4 addresses against IPv6 rules such as ::/96.
const blocked6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // The unspecified and loopback addresses with the deprecated IPv4-compatible ::a.b.c.d, the
  // IPv4-translated ::ffff:0:a.b.c.d (some stacks route both to the IPv4 address inside), local-use
  // NAT64, discard-only, IETF special-purpose (Teredo among them) and the deprecated site-local block.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['fec0::', 10],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  blocked6.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address carried inside an IPv6 one (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::`, 6to4 `2002:`). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const parts = hex ?? sixToFour;
  if (!parts?.[1] || !parts[2]) return null;
  const high = parseInt(parts[1], 16);
  const low = parseInt(parts[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is loopback, private, link-local, reserved or otherwise not the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return blocked.check(inner, 'ipv4');
    return blocked6.check(address, 'ipv6');
  }
  return true;
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** Why a webhook address is refused as written (no look-up), or null. Messages name the problem plainly. */
export function urlRefusal(text: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address, like https://example.com/kinetic-webhooks';
  }
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:'))
    return 'Use an https:// address (webhooks are sent only over https)';
  if (url.username || url.password) return 'Leave the user name and password out of the address';
  if (allowLocal) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? privateRefusal : null;
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return privateRefusal;
  return null;
}

const privateRefusal =
  'Use a public address: webhooks are not sent to this server’s own network (localhost or private addresses)';

/** The host's addresses, refused if any is private. Throws with the reason (for the delivery log). */
export async function resolvePublicAddresses(
  hostname: string,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const found = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true, verbatim: true });
  if (found.length === 0) throw new Error(`${hostname} does not resolve to an address`);
  const inside = found.find((entry) => isPrivateAddress(entry.address));
  if (inside)
    throw new RefusedTargetError(
      `Refused: ${hostname} resolves to ${inside.address}, a private or local address`,
    );
  return found;
}

/** A target refused for where it points: not worth retrying. */
export class RefusedTargetError extends Error {}

/** On save: a name that resolves inside the network is refused now; one that does not resolve yet is let be. */
export async function lookupRefusal(text: string, allowLocal: boolean): Promise<string | null> {
  if (allowLocal) return null;
  const host = new URL(text).hostname;
  try {
    await withTimeout(resolvePublicAddresses(host), 3000);
    return null;
  } catch (error) {
    return error instanceof RefusedTargetError ? privateRefusal : null;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
