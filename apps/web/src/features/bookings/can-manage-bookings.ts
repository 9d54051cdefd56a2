import type { AccountDto } from '@kinetic/shared';

/** What the signed-in person may do on a class's roster (issue 15 §2: their abilities in `me.can`). */
export interface RosterAbilities {
  /** Book, cancel, add from the waitlist, open a client's profile (manageClients). */
  canManage: boolean;
  /** Check in, undo a check-in, mark no-shows; with canManage, add a walk-in (checkIn). */
  canCheckIn: boolean;
  /** Waive a late-cancel or no-show fee (sellAndRefund). */
  canWaive: boolean;
}

export function rosterAbilities(account: AccountDto | undefined): RosterAbilities {
  return {
    canManage: account?.can.manageClients ?? false,
    canCheckIn: account?.can.checkIn ?? false,
    canWaive: account?.can.sellAndRefund ?? false,
  };
}
