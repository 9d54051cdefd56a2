import { BOOKING_MANAGER_ROLES, type AccountDto } from '@kinetic/shared';

/**
 * Whether the signed-in team member may book, cancel and waive fees for clients (instructors take
 * attendance only). `GET /api/me` has no `can` flag for this yet, so the page reads the same shared list
 * the server checks; once the flag exists this becomes `account.can.manageBookings`.
 */
export function canManageBookings(account: AccountDto | undefined): boolean {
  return Boolean(account && (BOOKING_MANAGER_ROLES as readonly string[]).includes(account.user.roleId));
}
