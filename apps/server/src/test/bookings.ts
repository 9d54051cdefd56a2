import type { FastifyInstance } from 'fastify';
import { abilitiesOf, SESSION_SETTINGS_DEFAULTS, type SessionSettingsBody } from '@kinetic/shared';
import { localDateOf, localTimeOf } from '../features/fitness-sessions/zoned-time.ts';
import type { Actor } from '../plugins/auth.ts';
import { bearer, signUpClient, type SignedUp } from './factories.ts';
import { weeklyClass, type ReadyStudio } from './schedule.ts';

const MINUTE = 60_000;

/** The next whole minute at least `minutes` from now. */
export const minutesFromNow = (minutes: number) =>
  new Date(Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE);

/**
 * A one-off class starting at `startsAt` (in the studio's zone, New York unless told), made through the
 * API; answers its class instance id. Classes of one test need distinct times or instructors/rooms.
 */
export async function classAt(
  app: FastifyInstance,
  ready: ReadyStudio,
  startsAt: Date,
  overrides: Record<string, unknown> = {},
  timeZone = 'America/New_York',
): Promise<string> {
  const body = weeklyClass(ready, {
    schedule: { kind: 'once', date: localDateOf(startsAt, timeZone) },
    startTime: localTimeOf(startsAt, timeZone),
    ...overrides,
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/fitness-sessions',
    headers: ready.headers,
    payload: body,
  });
  if (created.statusCode !== 201) throw new Error(`class not created: ${created.body}`);
  const seriesId = created.json().data.id as string;
  const from = new Date(startsAt.getTime() - MINUTE).toISOString();
  const to = new Date(startsAt.getTime() + MINUTE).toISOString();
  const listed = await app.inject({
    method: 'GET',
    url: `/api/class-instances?from=${from}&to=${to}`,
    headers: ready.headers,
  });
  const found = (listed.json().data.items as { id: string; fitnessSessionId: string }[]).find(
    (item) => item.fitnessSessionId === seriesId,
  );
  if (!found) throw new Error(`the new class is not listed: ${listed.body}`);
  return found.id;
}

/** Saves the company's Sessions Settings: the defaults with `changes` on top. */
export async function setSessionRules(
  app: FastifyInstance,
  ready: ReadyStudio,
  changes: Partial<SessionSettingsBody>,
) {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/settings/sessions',
    headers: ready.headers,
    payload: { ...SESSION_SETTINGS_DEFAULTS, ...changes },
  });
  if (response.statusCode !== 200) throw new Error(`rules not saved: ${response.body}`);
}

/** Clients made on the spot by the owner (no password hashing: fast enough for hundreds). */
export async function quickClients(
  app: FastifyInstance,
  ready: ReadyStudio,
  count: number,
  prefix = 'client',
) {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: ready.headers,
      payload: {
        name: `${prefix} ${index}`,
        email: `${prefix}-${index}-${ready.companyId}@example.com`,
        phone: '',
      },
    });
    if (response.statusCode !== 200) throw new Error(`client not created: ${response.body}`);
    ids.push(response.json().data.id as string);
  }
  return ids;
}

/** The actor a signed-in session is, for calling a service with a chosen `now`. */
export function actorFrom(signedUp: Pick<SignedUp, 'session'>): Actor {
  const { user, company, roleId } = signedUp.session;
  return {
    sessionId: '',
    userId: user._id,
    companyId: company.id,
    roleId,
    abilities: abilitiesOf(roleId, null),
  };
}

type Headers = Record<string, string>;

/** A client who signed up on the studio's page: their id, session headers and email. */
export async function signedInClient(app: FastifyInstance, ready: Pick<ReadyStudio, 'slug'>) {
  const signed = await signUpClient(app, ready.slug);
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email,
  };
}

/** `POST /api/class-instances/{id}/bookings` (a class or an event's date), as `headers` book it. */
export const bookClass = (
  app: FastifyInstance,
  classInstanceId: string,
  headers: Headers,
  payload?: object,
) =>
  app.inject({
    method: 'POST',
    url: `/api/class-instances/${classInstanceId}/bookings`,
    headers,
    ...(payload ? { payload } : {}),
  });

/** The owner sells `packageId` to the client at the desk, paid in cash; answers the order. */
export async function sellPackage(
  app: FastifyInstance,
  ready: ReadyStudio,
  clientId: string,
  packageId: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: ready.headers,
    payload: { clientId, items: [{ kind: 'package', packageId }], promoCode: null, paidWith: 'cash' },
  });
  if (response.statusCode !== 201) throw new Error(`package not sold: ${response.body}`);
  return response.json().data.order as { id: string; status: string; total: number };
}
