import type { RoleId } from '@kinetic/shared';

/** One line under the login title saying whose login this is. */
export function loginIntro(roleId: RoleId | null, brand: string): string {
  switch (roleId) {
    case null:
      return 'For studio owners, staff and solo instructors.';
    case 'client':
    case 'solo-client':
      return `Book classes and manage your account with ${brand}.`;
    case 'solo-instructor':
      return 'Manage your classes, clients and settings.';
    default:
      return `For the ${brand} team.`;
  }
}
