import type { CheckInPassDto } from '@kinetic/shared';

/**
 * The pass a scanned code bought, kept for this tab while the visitor logs in, signs up, signs the waiver
 * or books (each may leave the page and come back). Session storage: it goes with the tab.
 */
const keyOf = (fitnessSessionId: string) => `kinetic.check-in.${fitnessSessionId}`;

export function keepPass(fitnessSessionId: string, pass: CheckInPassDto): void {
  try {
    sessionStorage.setItem(keyOf(fitnessSessionId), JSON.stringify(pass));
  } catch {
    // Storage refused (private mode): the page still works while it stays open.
  }
}

/** The kept pass for this series (and class, when named), unless it has run out. */
export function keptPass(fitnessSessionId: string, classInstanceId?: string | null): CheckInPassDto | null {
  try {
    const raw = sessionStorage.getItem(keyOf(fitnessSessionId));
    if (!raw) return null;
    const pass = JSON.parse(raw) as CheckInPassDto;
    if (new Date(pass.expiresAt).getTime() <= Date.now()) return null;
    if (classInstanceId && pass.classInstance.classInstanceId !== classInstanceId) return null;
    return pass;
  } catch {
    return null;
  }
}

export function dropPass(fitnessSessionId: string): void {
  try {
    sessionStorage.removeItem(keyOf(fitnessSessionId));
  } catch {
    // Nothing kept.
  }
}
