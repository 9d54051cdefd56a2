import { z } from 'zod';
import { pageQuery } from './paging.ts';
import { objectIdSchema } from './validators.ts';

/**
 * Issue 18 §4: webhooks (Settings › Webhooks). A company registers HTTPS endpoints for events; each
 * event is POSTed as JSON, signed with the endpoint's secret (`Kinetic-Signature: t=…,v1=…`), retried
 * with backoff, and kept in a delivery log with a manual re-send. See docs/architecture.md, "Issue 18:
 * Webhooks".
 */

export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.cancelled',
  'waitlist.promoted',
  'check_in.created',
  'purchase.created',
  'refund.created',
  'client.created',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event Settings › Webhooks sends on request; never subscribed to, always delivered when asked. */
export const WEBHOOK_PING_EVENT = 'ping';

/** What each event means, in the words Settings › Webhooks shows beside its checkbox. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'booking.created': 'A client booked a class, event or appointment, or joined a waitlist.',
  'booking.cancelled':
    'A booking was cancelled: by the client (in time or late), by the studio, or an offer ran out.',
  'waitlist.promoted': 'A place opened and someone on the waitlist was booked into it or offered it.',
  'check_in.created': 'A client was checked in to a class.',
  'purchase.created': 'An order was paid: a package, a drop-in, a renewal or a fee.',
  'refund.created': 'Money was refunded on an order.',
  'client.created': 'A new client: signed up on the studio’s pages, added by the team or imported from a file.',
};

/** How many characters of the receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_KEPT_CHARACTERS = 1000;
/** Receivers should refuse a signature whose timestamp is further than this from their clock. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SIGNATURE_HEADER = 'Kinetic-Signature';
export const MAX_WEBHOOK_ENDPOINTS = 20;

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: 'Choose events from the list',
});

const urlSchema = z
  .string({ error: 'Enter the endpoint’s address' })
  .trim()
  .min(1, 'Enter the endpoint’s address')
  .max(2000, 'Use an address of at most 2,000 characters')
  .refine((value) => URL.canParse(value), 'Enter a full address, like https://example.com/kinetic-webhooks');

const eventsSchema = z
  .array(eventTypeSchema, { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

export const createWebhookEndpointBody = z.object({
  url: urlSchema,
  description: z.string().trim().max(200, 'Use at most 200 characters').default(''),
  events: eventsSchema,
  active: z.boolean({ error: 'Say whether the endpoint is on' }).default(true),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBody>;

export const updateWebhookEndpointBody = z.object({
  url: urlSchema.optional(),
  description: z.string().trim().max(200, 'Use at most 200 characters').optional(),
  events: eventsSchema.optional(),
  active: z.boolean({ error: 'Say whether the endpoint is on' }).optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBody>;

export const webhookEndpointDto = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** The signing secret (`whsec_…`): the receiver needs it to verify `Kinetic-Signature`. */
  secret: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest delivery's outcome, for the list (null before the first). */
  lastDelivery: z
    .object({ status: z.enum(['pending', 'delivered', 'failed']), createdAt: z.string() })
    .nullable(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointDto>;

export const webhookEndpointListDto = z.object({ items: z.array(webhookEndpointDto) });
export type WebhookEndpointListDto = z.infer<typeof webhookEndpointListDto>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliveryDto = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  /** The first characters of the receiver's answer. */
  responseBody: z.string().nullable(),
  /** Why the last attempt failed without an answer (timeout, refused address, connection). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The JSON body sent (the same for every attempt). */
  payload: z.unknown(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

export const webhookDeliveriesQuery = pageQuery.extend({
  pageSize: pageQuery.shape.pageSize.unwrap().max(100, 'Use at most 100 per page').default(20),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Use pending, delivered or failed' }).optional(),
});
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuery>;

export const webhookDeliveryListDto = z.object({
  items: z.array(webhookDeliveryDto),
  total: z.number().int(),
});
export type WebhookDeliveryListDto = z.infer<typeof webhookDeliveryListDto>;

/** Every event's body: `data` depends on `type` (see docs/architecture.md, "Issue 18: Webhooks"). */
export interface WebhookEventPayload<Data = Record<string, unknown>> {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING_EVENT;
  createdAt: string;
  companyId: string;
  data: Data;
}

export const webhookEndpointParams = z.object({ webhookEndpointId: objectIdSchema });
export const webhookDeliveryParams = z.object({ webhookDeliveryId: objectIdSchema });
