// No zod here (the schema is in role-schemas.ts): the shell's first paint reads these.
import type { RoleId } from './roles.ts';

/**
 * What a person of the team may do (issue 15 §2). Each role starts from its defaults; an owner may
 * change them per staff member (not for admins, who can do everything, so a company always has someone
 * who can). The server enforces them on every endpoint (`requireAbility`) and answers them in `me.can`.
 */
export const ABILITIES = [
  'manageSettings',
  'manageSchedule',
  'manageClients',
  'seeFinancials',
  'sellAndRefund',
  'runReports',
  'checkIn',
  'manageStaff',
] as const;
export type Ability = (typeof ABILITIES)[number];

export const ABILITY_LABELS: Record<Ability, { label: string; description: string }> = {
  manageSettings: {
    label: 'Manage settings',
    description:
      'Company details, studios, templates, packages, policies, waivers and the other settings pages.',
  },
  manageSchedule: {
    label: 'Manage the schedule',
    description: 'Add, change and cancel classes and events, substitute instructors.',
  },
  manageClients: {
    label: 'Manage clients',
    description: 'Add and edit clients, book and cancel for them, notes, password links.',
  },
  seeFinancials: {
    label: 'See financial data',
    description: "Clients' orders, payments and balances, revenue, pay rates and payroll.",
  },
  sellAndRefund: {
    label: 'Sell and refund',
    description: 'Sell packages and drop-ins, take payments, refund.',
  },
  runReports: {
    label: 'Run reports',
    description: 'Attendance and revenue reports, client insights and the client CSV report.',
  },
  checkIn: {
    label: 'Check in clients',
    description: 'The check-in lists, the front desk, the door screen and kiosk.',
  },
  manageStaff: {
    label: 'Manage staff',
    description: 'Invite, edit and deactivate staff members, their abilities, pay rates and payroll.',
  },
};

const ALL: readonly Ability[] = ABILITIES;

/** Each role's abilities until an owner changes a person's. */
export const ROLE_DEFAULT_ABILITIES: Record<RoleId, readonly Ability[]> = {
  admin: ALL,
  // The front desk: runs the day, sells, books; not settings, reports or staff.
  staff: ['manageSchedule', 'manageClients', 'seeFinancials', 'sellAndRefund', 'checkIn'],
  // Teaches: checks in their classes, sees the rosters (a team read), not money.
  instructor: ['checkIn'],
  // A one-person business: everything but a team to manage (spec §6 hides the staff pages).
  'solo-instructor': ALL.filter((ability) => ability !== 'manageStaff'),
  client: [],
  'solo-client': [],
};

/** Roles whose abilities an owner may change per person; admins and solo owners always have their defaults. */
export const EDITABLE_ABILITY_ROLES: readonly RoleId[] = ['staff', 'instructor'];

export const isAbility = (value: unknown): value is Ability =>
  (ABILITIES as readonly unknown[]).includes(value);

/**
 * A person's abilities: the role's defaults, or the stored choice (null = defaults) for the roles whose
 * abilities may be changed. Unknown stored names are dropped; the answer keeps ABILITIES' order.
 */
export function abilitiesOf(roleId: RoleId, stored: readonly string[] | null | undefined): Ability[] {
  const chosen = stored && EDITABLE_ABILITY_ROLES.includes(roleId) ? stored : ROLE_DEFAULT_ABILITIES[roleId];
  return ABILITIES.filter((ability) => chosen.includes(ability));
}

/** `me.can` (AccountDto): the person's abilities and the two pages derived from them. */
export interface Can extends Record<Ability, boolean> {
  manageStudios: boolean;
  viewClients: boolean;
}

export function canFrom(abilities: readonly Ability[], roleId: RoleId, companyKind: 'company' | 'solo'): Can {
  const has = (ability: Ability) => abilities.includes(ability);
  const can = Object.fromEntries(ABILITIES.map((ability) => [ability, has(ability)])) as Record<
    Ability,
    boolean
  >;
  return {
    ...can,
    // A solo company has no team (spec §6 hides the staff pages) and one studio (no Studios page).
    manageStaff: can.manageStaff && companyKind === 'company',
    manageStudios: can.manageSettings && companyKind === 'company',
    viewClients: (['admin', 'staff', 'instructor', 'solo-instructor'] as readonly RoleId[]).includes(roleId),
  };
}

/** `me.can` of a role with its default abilities (what a new person of that role gets). */
export const defaultCan = (roleId: RoleId, companyKind: 'company' | 'solo' = 'company'): Can =>
  canFrom(abilitiesOf(roleId, null), roleId, companyKind);
