import {
  ABILITIES,
  ABILITY_LABELS,
  ROLE_DEFAULT_ABILITIES,
  type Ability,
  type StaffMemberBody,
  type StaffMemberDto,
  type StaffRole,
} from '@kinetic/shared';

/** The form's values: the body's fields, with the abilities always listed (the role's defaults to start). */
export interface StaffMemberFormValues {
  name: string;
  email: string;
  phone: string;
  role: StaffRole;
  studioIds: string[];
  abilities: Ability[];
}

export const roleDefaults = (role: StaffRole): Ability[] =>
  ABILITIES.filter((ability) => ROLE_DEFAULT_ABILITIES[role].includes(ability));

export const isRoleDefault = (role: StaffRole, abilities: readonly Ability[]) => {
  const defaults = roleDefaults(role);
  return defaults.length === abilities.length && defaults.every((ability) => abilities.includes(ability));
};

export function toStaffFormValues(member?: StaffMemberDto): StaffMemberFormValues {
  if (!member)
    return {
      name: '',
      email: '',
      phone: '',
      role: 'instructor',
      studioIds: [],
      abilities: roleDefaults('instructor'),
    };
  return {
    name: member.name,
    email: member.email,
    phone: member.phone ?? '',
    role: member.role,
    studioIds: member.studios.map((studio) => studio.id),
    abilities: [...member.abilities],
  };
}

/** Admins always have everything, and the role's defaults are sent as null so they follow the role. */
export function toStaffBody(values: StaffMemberFormValues): StaffMemberBody {
  const abilities =
    values.role === 'admin' || isRoleDefault(values.role, values.abilities)
      ? null
      : ABILITIES.filter((ability) => values.abilities.includes(ability));
  return { ...values, phone: values.phone, abilities };
}

/** "All abilities" for admins, else what they may do, in words. */
export function abilitiesSummary(
  member: Pick<StaffMemberDto, 'role' | 'abilities' | 'defaultAbilities'>,
): string {
  if (member.role === 'admin') return 'All abilities';
  const labels = member.abilities.map((ability) => ABILITY_LABELS[ability].label);
  const list = labels.length > 0 ? labels.join(', ') : 'No abilities';
  return member.defaultAbilities ? `${list} (role's defaults)` : list;
}

export const STATUS_COLOURS: Record<StaffMemberDto['status'], string> = {
  invited: 'blue',
  expired: 'orange',
  active: 'green',
  deactivated: 'gray',
};
