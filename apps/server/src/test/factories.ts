import type { FastifyInstance } from 'fastify';
import type { SessionDto } from '@kinetic/shared';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;
/** Sign-ups are limited per address; each factory call comes from its own documentation address. */
const nextAddress = () => `198.51.100.${(sequence % 250) + 1}`;

export const PASSWORD = 'correct-horse-42';
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface SignedUp {
  session: SessionDto;
  email: string;
  password: string;
  slug: string;
}

/** A fresh business with its owner signed in, through the public sign-up API. */
export async function signUpCompany(
  app: FastifyInstance,
  overrides: { kind?: 'company' | 'solo'; email?: string; companyName?: string; slug?: string } = {},
): Promise<SignedUp> {
  const id = unique();
  const slug = overrides.slug ?? `studio-${id}`;
  const email = overrides.email ?? `owner-${id}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/signup/company',
    remoteAddress: nextAddress(),
    payload: {
      kind: overrides.kind ?? 'company',
      companyName: overrides.companyName ?? `Studio ${id}`,
      slug,
      name: 'Olive Owner',
      email,
      password: PASSWORD,
      timeZone: 'America/New_York',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  return { session: response.json().data, email, password: PASSWORD, slug };
}

export async function signUpClient(
  app: FastifyInstance,
  company: string,
  overrides: { roleId?: 'client' | 'solo-client'; email?: string } = {},
): Promise<SignedUp> {
  const email = overrides.email ?? `client-${unique()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/signup/client',
    remoteAddress: nextAddress(),
    payload: {
      company,
      roleId: overrides.roleId ?? 'client',
      name: 'Chris Client',
      email,
      phone: '(404) 555-1234',
      password: PASSWORD,
    },
  });
  if (response.statusCode !== 200) throw new Error(`client sign-up failed: ${response.body}`);
  return { session: response.json().data, email, password: PASSWORD, slug: company };
}

export async function logIn(app: FastifyInstance, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/login', payload });
}
