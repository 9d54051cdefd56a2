import type { AccountDto } from '@kinetic/shared';

/** What the server says the signed-in role may do (`me.can`); the menu never re-derives roles. */
export type Can = AccountDto['can'];
type Capability = keyof Can;

/** The admin side menu (spec §2). `built` is false for pages that still show "Coming soon". */
export interface MenuItem {
  key: string;
  label: string;
  /** Relative to the app's base; '' is the dashboard. */
  path: string;
  hiddenForSolo: boolean;
  built: boolean;
  needs?: Capability;
}

export const ADMIN_MENU: readonly MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '', hiddenForSolo: false, built: true },
  { key: 'appointment', label: 'Appointment', path: 'appointment', hiddenForSolo: true, built: false },
  { key: 'calendar', label: 'Calendar', path: 'calendar', hiddenForSolo: false, built: false },
  { key: 'classes', label: 'Classes', path: 'classes', hiddenForSolo: true, built: false },
  {
    key: 'clients',
    label: 'Clients',
    path: 'clients',
    hiddenForSolo: false,
    built: false,
    needs: 'viewClients',
  },
  { key: 'staff', label: 'Staff', path: 'staff', hiddenForSolo: true, built: false, needs: 'manageStaff' },
  {
    key: 'studios',
    label: 'Studios',
    path: 'studios',
    hiddenForSolo: true,
    built: false,
    needs: 'manageStudios',
  },
  {
    key: 'settings',
    label: 'Settings',
    path: 'settings',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
];

export interface SettingsItem {
  key: string;
  label: string;
  /** Solo users see another title for some pages (spec §2). */
  soloLabel?: string;
  hiddenForSolo: boolean;
  built: boolean;
  needs?: Capability;
}

/** Every settings page and title of spec §2, in its order; paths keep the spec's spelling. */
export const SETTINGS_MENU: readonly SettingsItem[] = [
  {
    key: 'companyDetails',
    label: 'Company Details',
    soloLabel: 'Instructor Details',
    hiddenForSolo: false,
    built: true,
  },
  { key: 'reportSettings', label: 'Services and Products', hiddenForSolo: false, built: false },
  { key: 'classesSettings', label: 'Sessions Settings', hiddenForSolo: false, built: false },
  { key: 'hours', label: 'Peak/Non Peak Hours', hiddenForSolo: false, built: false },
  { key: 'clientWaiver', label: 'Client Waiver', hiddenForSolo: false, built: false },
  { key: 'contractTerms', label: 'Policies & Procedures', hiddenForSolo: false, built: false },
  { key: 'studios', label: 'Studios', hiddenForSolo: false, built: false, needs: 'manageStudios' },
  { key: 'staffPayRates', label: 'Staff Payrates', hiddenForSolo: true, built: false, needs: 'manageStaff' },
  { key: 'staffMembers', label: 'Staff Members', hiddenForSolo: true, built: false, needs: 'manageStaff' },
  { key: 'packages', label: 'Packages', hiddenForSolo: false, built: false },
  { key: 'promoCodes', label: 'Promo-Codes', hiddenForSolo: false, built: false },
  { key: 'instructors', label: 'Instructors', hiddenForSolo: false, built: false },
  { key: 'fascilitators', label: 'Facilitators', hiddenForSolo: false, built: false },
  { key: 'fitnessClassTemplate', label: 'Templates', hiddenForSolo: false, built: false },
  { key: 'email', label: 'Email Settings', hiddenForSolo: false, built: false },
];

const allowed = (item: { needs?: Capability }, can?: Can) => !can || !item.needs || can[item.needs];

/** Spec §6 hides some items from solo users; the server's `can` hides what the role may not use. */
export function adminMenuFor(solo: boolean, can?: Can): MenuItem[] {
  return ADMIN_MENU.filter((item) => !(solo && item.hiddenForSolo) && allowed(item, can));
}

export interface VisibleSettingsItem extends SettingsItem {
  title: string;
}

export function settingsMenuFor(solo: boolean, can?: Can): VisibleSettingsItem[] {
  if (can && !can.manageSettings) return [];
  return SETTINGS_MENU.filter((item) => !(solo && item.hiddenForSolo) && allowed(item, can)).map((item) => ({
    ...item,
    title: solo && item.soloLabel ? item.soloLabel : item.label,
  }));
}

/** Solo-hidden pages are disabled too: opened by address, they say they are not available. */
export function isDisabledForSolo(key: string, solo: boolean): boolean {
  if (!solo) return false;
  return [...ADMIN_MENU, ...SETTINGS_MENU].some((item) => item.key === key && item.hiddenForSolo);
}

export function settingsTitle(key: string, solo: boolean): string {
  return (
    settingsMenuFor(solo).find((item) => item.key === key)?.title ??
    SETTINGS_MENU.find((item) => item.key === key)?.label ??
    key
  );
}

export const isBuiltSettingsPage = (key: string): boolean =>
  SETTINGS_MENU.some((item) => item.key === key && item.built);
