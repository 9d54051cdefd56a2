import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_KEPT_CHARACTERS } from '@kinetic/shared';
import { resolvePublicAddresses } from './webhook-targets.ts';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export interface WebhookRequest {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  eventType: string;
}

export interface WebhookAnswer {
  status: number;
  /** The first characters of the answer. */
  body: string;
}

export interface SendOptions {
  /** WEBHOOKS_ALLOW_HTTP: loopback and private addresses admitted (tests, development). */
  allowLocal: boolean;
  timeoutMs?: number;
}

const USER_AGENT = 'Kinetic-Webhooks/1';
const TIMEOUT_MS = 10_000;

/**
 * One POST of one event: signed now, no redirect followed (a 3xx is an answer like any other, not
 * delivered), at most 10 s in all. The host is resolved and checked first and the connection goes to
 * the address checked, so a name cannot point elsewhere between the check and the connection.
 * Throws for no answer (refused address, DNS, connection, timeout).
 */
export async function sendWebhook(request: WebhookRequest, options: SendOptions): Promise<WebhookAnswer> {
  const url = new URL(request.url);
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const addresses = options.allowLocal ? null : await resolvePublicAddresses(url.hostname);
  const pinned: LookupFunction | undefined = addresses
    ? (_hostname, lookupOptions, callback) => {
        if (lookupOptions.all) callback(null, addresses);
        else {
          const [first] = addresses;
          callback(null, first?.address ?? '', first?.family ?? 4);
        }
      }
    : undefined;
  const client = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(request.body, 'utf8');
  return new Promise<WebhookAnswer>((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        signal: deadline,
        ...(pinned ? { lookup: pinned } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': USER_AGENT,
          'kinetic-event-id': request.eventId,
          'kinetic-event-type': request.eventType,
          'kinetic-signature': signatureHeader(request.secret, request.body, new Date()),
        },
      },
      (response) => {
        const limit = WEBHOOK_RESPONSE_KEPT_CHARACTERS * 4;
        let kept = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (kept.length < limit) kept += chunk;
          // Enough read to show: the rest of a large answer is not waited for.
          if (kept.length >= limit) response.destroy();
        });
        const done = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: kept.slice(0, WEBHOOK_RESPONSE_KEPT_CHARACTERS),
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    outgoing.on('error', (error) =>
      reject(
        deadline.aborted
          ? new Error(`No answer within ${Math.round(timeoutMs / 1000)} s`)
          : new Error(describeNetworkError(error)),
      ),
    );
    outgoing.end(body);
  });
}

function describeNetworkError(error: Error & { code?: string }): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ENOTFOUND':
      return 'The host name does not resolve';
    case 'ECONNRESET':
      return 'The connection was closed before an answer';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return `The receiver’s TLS certificate was refused (${error.code})`;
    default:
      return error.message || 'The request failed';
  }
}
