import type { RoleId } from '@kinetic/shared';

/**
 * One line under the login title saying whose login this is. It does not name the company: the line
 * draws before the company's name is known (the name fills in above the card, where it takes no
 * other line's place), and a name of any length would rewrap it and move the form below.
 */
export function loginIntro(roleId: RoleId | null): string {
  switch (roleId) {
    case null:
      return 'For studio owners, staff and solo instructors.';
    case 'client':
    case 'solo-client':
      return 'Book classes, see your bookings and manage your account.';
    case 'solo-instructor':
      return 'Manage your classes, clients and settings.';
    default:
      return "For the studio's owners, staff and instructors.";
  }
}
