import { randomBytes } from 'node:crypto';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_PING_EVENT,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEventPayload,
  type WebhookEventType,
} from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { newEventId } from './emit.ts';
import { attemptDelivery, type AttemptOutcome } from './webhook-delivery.ts';
import { lookupRefusal, urlRefusal } from './webhook-targets.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repo.ts';

/** Automatic attempts after the first (pg-boss retryLimit): 8 tries in all, over about 4 to 8 hours. */
export const WEBHOOK_RETRY_LIMIT = 7;
/** Seconds before the first retry; pg-boss doubles it each time, with jitter (2 min … ~2 h between tries). */
export const WEBHOOK_RETRY_DELAY_SECONDS = 120;

export interface WebhookSettings {
  /** Config WEBHOOKS_ALLOW_HTTP. */
  allowLocal: boolean;
  /** pg-boss retryLimit + 1 (what a re-send of a delivery still being retried counts against). */
  maxAttempts?: number;
}

const endpointNotFound = () => notFound('We could not find that webhook endpoint.');
const deliveryNotFound = () => notFound('We could not find that delivery.');

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

function endpointDto(
  endpoint: EndpointRow,
  last: { status: DeliveryRow['status']; createdAt: Date } | null,
): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    active: endpoint.active,
    secret: endpoint.secret,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    lastDelivery: last ? { status: last.status, createdAt: last.createdAt.toISOString() } : null,
  };
}

export function deliveryDto(row: DeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** A refused address answers 400 naming `url`, before anything is written. */
async function checkUrl(url: string, settings: WebhookSettings): Promise<void> {
  const refusal = urlRefusal(url, settings.allowLocal) ?? (await lookupRefusal(url, settings.allowLocal));
  if (refusal) throw badRequest(refusal, { url: refusal });
}

export async function listWebhookEndpoints(db: Database, actor: Actor): Promise<WebhookEndpointDto[]> {
  return withTenant(db, actor.companyId, async (tx) =>
    (await listEndpoints(tx, actor.companyId)).map((row) => endpointDto(row.endpoint, row.lastDelivery)),
  );
}

export async function getWebhookEndpoint(
  db: Database,
  actor: Actor,
  id: string,
): Promise<WebhookEndpointDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = (await listEndpoints(tx, actor.companyId)).find((entry) => entry.endpoint.id === id);
    if (!row) throw endpointNotFound();
    return endpointDto(row.endpoint, row.lastDelivery);
  });
}

export async function createWebhookEndpoint(
  db: Database,
  actor: Actor,
  body: { url: string; description: string; events: WebhookEventType[]; active: boolean },
  settings: WebhookSettings,
): Promise<WebhookEndpointDto> {
  await checkUrl(body.url, settings);
  return withTenant(db, actor.companyId, async (tx) => {
    if ((await countEndpoints(tx, actor.companyId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw conflict(
        `A company can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; remove one first.`,
      );
    const row = await insertEndpoint(tx, {
      companyId: actor.companyId,
      id: generateId(),
      url: body.url,
      description: body.description,
      events: body.events,
      active: body.active,
      secret: newSecret(),
    });
    return endpointDto(row, null);
  });
}

export async function updateWebhookEndpoint(
  db: Database,
  actor: Actor,
  id: string,
  body: {
    url?: string | undefined;
    description?: string | undefined;
    events?: WebhookEventType[] | undefined;
    active?: boolean | undefined;
  },
  settings: WebhookSettings,
): Promise<WebhookEndpointDto> {
  if (body.url !== undefined) await checkUrl(body.url, settings);
  return withTenant(db, actor.companyId, async (tx) => {
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const row =
      Object.keys(changes).length > 0
        ? await updateEndpoint(tx, actor.companyId, id, changes)
        : await findEndpoint(tx, actor.companyId, id);
    if (!row) throw endpointNotFound();
    const last = (await listEndpoints(tx, actor.companyId)).find((entry) => entry.endpoint.id === id);
    return endpointDto(row, last?.lastDelivery ?? null);
  });
}

export async function deleteWebhookEndpoint(db: Database, actor: Actor, id: string): Promise<void> {
  await withTenant(db, actor.companyId, async (tx) => {
    if (!(await deleteEndpoint(tx, actor.companyId, id))) throw endpointNotFound();
  });
}

/** A new signing secret, in force at once: the old one stops verifying from the next delivery. */
export async function rotateWebhookSecret(
  db: Database,
  actor: Actor,
  id: string,
): Promise<WebhookEndpointDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await updateEndpoint(tx, actor.companyId, id, { secret: newSecret() });
    if (!row) throw endpointNotFound();
    const last = (await listEndpoints(tx, actor.companyId)).find((entry) => entry.endpoint.id === id);
    return endpointDto(row, last?.lastDelivery ?? null);
  });
}

export async function listWebhookDeliveries(
  db: Database,
  actor: Actor,
  endpointId: string,
  query: { page: number; pageSize: number; status?: DeliveryRow['status'] | undefined },
): Promise<{ items: WebhookDeliveryDto[]; total: number }> {
  return withTenant(db, actor.companyId, async (tx) => {
    if (!(await findEndpoint(tx, actor.companyId, endpointId))) throw endpointNotFound();
    const page = await listDeliveries(tx, actor.companyId, endpointId, {
      status: query.status,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: page.items.map(deliveryDto), total: page.total };
  });
}

export interface AttemptAnswer {
  message: string;
  data: WebhookDeliveryDto;
}

function describe(outcome: AttemptOutcome, what: string): string {
  if (outcome.kind === 'delivered')
    return `${what} delivered: the receiver answered ${outcome.row.responseStatus ?? 200}.`;
  if (outcome.kind === 'skipped') return `${what} is being sent right now; look again in a few seconds.`;
  return `${what} not delivered: ${outcome.error.replace(/\.$/, '')}.`;
}

function answerOf(outcome: AttemptOutcome, what: string): AttemptAnswer {
  if (outcome.kind === 'skipped')
    throw conflict(`${what} is being sent right now; look again in a few seconds.`);
  return { message: describe(outcome, what), data: deliveryDto(outcome.row) };
}

/**
 * Sends a `ping` event to the endpoint now (whether it is on or not), once, and answers how it went;
 * it is in the endpoint's delivery log like any other, and can be re-sent.
 */
export async function sendTestEvent(
  db: Database,
  actor: Actor,
  endpointId: string,
  settings: WebhookSettings,
): Promise<AttemptAnswer> {
  const deliveryId = await withTenant(db, actor.companyId, async (tx) => {
    const endpoint = await findEndpoint(tx, actor.companyId, endpointId);
    if (!endpoint) throw endpointNotFound();
    const now = new Date();
    const payload: WebhookEventPayload = {
      id: newEventId(),
      type: WEBHOOK_PING_EVENT,
      createdAt: now.toISOString(),
      companyId: actor.companyId,
      data: {
        message: 'A test event from Kinetic (Settings › Webhooks › Send test event).',
        endpoint: { id: endpoint.id, url: endpoint.url },
      },
    };
    const id = generateId(now.getTime());
    await tx.insert(webhookDeliveries).values({
      companyId: actor.companyId,
      id,
      endpointId,
      eventId: payload.id,
      eventType: WEBHOOK_PING_EVENT,
      payload,
      createdAt: now,
    });
    return id;
  });
  const outcome = await attemptDelivery(db, actor.companyId, deliveryId, {
    allowLocal: settings.allowLocal,
    maxAttempts: settings.maxAttempts ?? WEBHOOK_RETRY_LIMIT + 1,
    manual: true,
    once: true,
  });
  return answerOf(outcome, 'Test event');
}

/**
 * One more attempt of a delivery now, with the same event id and body (a new signature timestamp).
 * A delivery still being retried keeps its schedule if this attempt fails too.
 */
export async function resendDelivery(
  db: Database,
  actor: Actor,
  deliveryId: string,
  settings: WebhookSettings,
): Promise<AttemptAnswer> {
  await withTenant(db, actor.companyId, async (tx) => {
    if (!(await findDelivery(tx, actor.companyId, deliveryId))) throw deliveryNotFound();
  });
  const outcome = await attemptDelivery(db, actor.companyId, deliveryId, {
    allowLocal: settings.allowLocal,
    maxAttempts: settings.maxAttempts ?? WEBHOOK_RETRY_LIMIT + 1,
    manual: true,
  });
  return answerOf(outcome, 'Event');
}
