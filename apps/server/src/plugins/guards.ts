import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { CLIENT_ROLES, TEAM_ROLES, type Ability, type RoleId } from '@kinetic/shared';
import { requestContext } from '../db/client.ts';
import {
  authenticate,
  refusalFor,
  requireAbility as authRequireAbility,
  requireRole as authRequireRole,
  type Actor,
  type AuthOptions,
} from './auth.ts';
import { forbidden } from './errors.ts';
import { authenticatePlatform } from '../features/platform/platform-auth.ts';

/**
 * Who may call a route (issue 15 §2), kept on the route's onRequest hook so that the ability matrix test
 * (features/tenancy/ability-matrix.test.ts) can list every /api route with its requirement and prove the
 * server enforces it: a person whose role is in `roles` and who has every one of `abilities` — except a
 * client on a `clientsForThemselves` route (a client acts for themselves; the team needs the abilities).
 */
export interface Guard {
  roles: readonly RoleId[];
  abilities: readonly Ability[];
  clientsForThemselves?: boolean;
  /** A platform (uber) session, not a company's: no company role is admitted (issue 18 §2). */
  platform?: boolean;
}

type GuardHook = ((request: FastifyRequest) => Promise<void>) & { guard?: Guard };

/** Whether a guard admits a person (the rule the hooks enforce, for the matrix test). */
export function guardAdmits(guard: Guard, roleId: RoleId, abilities: readonly Ability[]): boolean {
  if (guard.platform) return false;
  if (!guard.roles.includes(roleId)) return false;
  if (guard.clientsForThemselves && CLIENT_ROLES.includes(roleId)) return true;
  return guard.abilities.every((ability) => abilities.includes(ability));
}

function withGuard(hook: GuardHook, guard: Guard): GuardHook {
  Object.defineProperty(hook, 'guard', { value: guard, enumerable: false });
  return hook;
}

/** The guard a hook carries, if any (hooks made by this module, or by plugins/auth.ts once it attaches one). */
export const guardOf = (hook: unknown): Guard | undefined =>
  typeof hook === 'function' ? (hook as GuardHook).guard : undefined;

/** plugins/auth.ts `requireRole`, recorded for the matrix: any person of these roles. */
export function requireRole(roles: readonly RoleId[], options: AuthOptions = {}): GuardHook {
  return withGuard(authRequireRole(roles, options), { roles, abilities: [] });
}

/** plugins/auth.ts `requireAbility`, recorded for the matrix: a team member with every one of `abilities`. */
export function requireAbility(
  abilities: Ability | readonly Ability[],
  options: AuthOptions = {},
): GuardHook {
  const needed: readonly Ability[] = typeof abilities === 'string' ? [abilities] : abilities;
  return withGuard(authRequireAbility(needed, options), { roles: TEAM_ROLES, abilities: needed });
}

function guardHook(guard: Guard, options: AuthOptions): GuardHook {
  return withGuard(async function checkGuard(request: FastifyRequest) {
    const actor: Actor = await authenticate(request, options);
    if (!guardAdmits(guard, actor.roleId, actor.abilities)) {
      await requestContext.getStore()?.parked?.discard();
      throw forbidden(refusalFor(actor.roleId));
    }
    request.actor = actor;
  }, guard);
}

/**
 * A client acting for themselves (their bookings, orders, packages), or a team member with every one of
 * `abilities` acting for a client (the service keeps a client to their own).
 */
export function requireClientOrAbility(
  abilities: Ability | readonly Ability[],
  options: AuthOptions = {},
): GuardHook {
  const needed: readonly Ability[] = typeof abilities === 'string' ? [abilities] : abilities;
  return guardHook(
    { roles: [...TEAM_ROLES, ...CLIENT_ROLES], abilities: needed, clientsForThemselves: true },
    options,
  );
}

/**
 * A team member of a company with several studios (not a solo business, which has its one studio) with
 * every one of `abilities`.
 */
export function requireCompanyAbility(
  abilities: Ability | readonly Ability[],
  options: AuthOptions = {},
): GuardHook {
  const needed: readonly Ability[] = typeof abilities === 'string' ? [abilities] : abilities;
  return guardHook({ roles: ['admin', 'staff', 'instructor'], abilities: needed }, options);
}

/**
 * A platform (uber) user's session (platform_sessions), for `/api/platform/...`: a company's session
 * answers 401 here, whatever its role, and a platform session answers 401 on every company route.
 */
export function requirePlatform(): GuardHook {
  return withGuard(
    async function checkPlatform(request: FastifyRequest) {
      request.platformActor = await authenticatePlatform(request);
    },
    { roles: [], abilities: [], platform: true },
  );
}

/** One /api route as registered, with its onRequest hooks. */
export interface ApiRoute {
  method: string;
  url: string;
  onRequest: unknown[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its onRequest hooks (the ability matrix test reads them). */
    apiRoutes: ApiRoute[];
  }
}

/** Records every route added after it (call before the routes are registered). */
export function recordApiRoutes(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hooks =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    for (const method of methods)
      if (method !== 'HEAD') routes.push({ method, url: route.url, onRequest: hooks });
  });
}
