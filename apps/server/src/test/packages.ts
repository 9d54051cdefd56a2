import type { FastifyInstance } from 'fastify';

type Headers = Record<string, string>;

/** A membership body: $120 a month, unlimited, any class, unless overridden. */
export const membership = (overrides: Record<string, unknown> = {}) => ({
  kind: 'membership',
  name: 'Unlimited Monthly',
  description: 'Every class, every day.',
  price: 12000,
  taxRateId: null,
  introOffer: false,
  offPeakOnly: false,
  templateIds: [],
  studioIds: [],
  period: 'month',
  classLimit: null,
  autoRenew: true,
  commitmentPeriods: 0,
  signupFee: 0,
  ...overrides,
});

/** A class pack body: 10 classes for $180, credits last 90 days from purchase, unless overridden. */
export const classPack = (overrides: Record<string, unknown> = {}) => ({
  kind: 'class-pack',
  name: '10-Class Pack',
  description: null,
  price: 18000,
  taxRateId: null,
  introOffer: false,
  offPeakOnly: false,
  templateIds: [],
  studioIds: [],
  credits: 10,
  expiryDays: 90,
  expiryFrom: 'purchase',
  ...overrides,
});

/** POSTs and answers `data`, failing the test with the body when the status is not `expected`. */
export async function created(
  app: FastifyInstance,
  headers: Headers,
  url: string,
  payload: object,
  expected = 201,
): Promise<Record<string, unknown> & { id: string }> {
  const response = await app.inject({ method: 'POST', url, headers, payload });
  if (response.statusCode !== expected)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json().data;
}
