import { ABILITY_LABELS, isAbility, type AccountDto } from '@kinetic/shared';

/** What the server says the signed-in person may do (`me.can`: their abilities); the menu never re-derives roles. */
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
  { key: 'appointment', label: 'Appointment', path: 'appointment', hiddenForSolo: true, built: true },
  { key: 'calendar', label: 'Calendar', path: 'calendar', hiddenForSolo: false, built: true },
  // Issue 13 §4: today's classes at a studio and their check-in lists, beside the calendar.
  {
    key: 'front-desk',
    label: 'Front desk',
    path: 'front-desk',
    hiddenForSolo: true,
    built: true,
    needs: 'checkIn',
  },
  { key: 'classes', label: 'Classes', path: 'classes', hiddenForSolo: true, built: true },
  // Not in spec §2's menu: events (issue 12) sit beside Classes, whose machinery their dates share.
  { key: 'events', label: 'Events', path: 'events', hiddenForSolo: false, built: true },
  {
    key: 'clients',
    label: 'Clients',
    path: 'clients',
    hiddenForSolo: false,
    built: true,
    needs: 'viewClients',
  },
  // Not in spec §2's menu: attendance and revenue reports (issue 14 §5), for whoever may run reports.
  {
    key: 'reports',
    label: 'Reports',
    path: 'reports',
    hiddenForSolo: false,
    built: true,
    needs: 'runReports',
  },
  { key: 'staff', label: 'Staff', path: 'staff', hiddenForSolo: true, built: true, needs: 'manageStaff' },
  {
    key: 'studios',
    label: 'Studios',
    path: 'studios',
    hiddenForSolo: true,
    built: true,
    needs: 'manageStudios',
  },
  // Shown when the role may open at least one settings page (see `settingsMenuFor`).
  { key: 'settings', label: 'Settings', path: 'settings', hiddenForSolo: false, built: true },
];

export interface SettingsItem {
  key: string;
  label: string;
  /** Solo users see another title for some pages (spec §2). */
  soloLabel?: string;
  hiddenForSolo: boolean;
  /** Only solo users see it (their private sessions: a company has the Appointment page instead). */
  onlyForSolo?: boolean;
  built: boolean;
  needs?: Capability;
}

/**
 * Every settings page and title of spec §2, in its order; paths keep the spec's spelling. Settings
 * pages need `manageSettings` unless they name another capability; Company Details names none because
 * every team role may read it (only managers may change it, which the page itself asks `can` about).
 */
export const SETTINGS_MENU: readonly SettingsItem[] = [
  {
    key: 'companyDetails',
    label: 'Company Details',
    soloLabel: 'Instructor Details',
    hiddenForSolo: false,
    built: true,
  },
  {
    key: 'reportSettings',
    label: 'Services and Products',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
  {
    key: 'classesSettings',
    label: 'Sessions Settings',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
  { key: 'hours', label: 'Peak/Non Peak Hours', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  { key: 'clientWaiver', label: 'Client Waiver', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  {
    key: 'contractTerms',
    label: 'Policies & Procedures',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
  { key: 'studios', label: 'Studios', hiddenForSolo: false, built: true, needs: 'manageStudios' },
  { key: 'staffPayRates', label: 'Staff Payrates', hiddenForSolo: true, built: true, needs: 'manageStaff' },
  { key: 'staffMembers', label: 'Staff Members', hiddenForSolo: true, built: true, needs: 'manageStaff' },
  { key: 'packages', label: 'Packages', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  { key: 'promoCodes', label: 'Promo-Codes', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  { key: 'instructors', label: 'Instructors', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  { key: 'fascilitators', label: 'Facilitators', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  {
    key: 'fitnessClassTemplate',
    label: 'Templates',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
  // Not in spec §2's list: a solo instructor's appointment types and working hours (issue 17; spec §6
  // hides the Appointment page from solo users, who book private sessions from their calendar).
  {
    key: 'privateSessions',
    label: 'Private Sessions',
    hiddenForSolo: false,
    onlyForSolo: true,
    built: true,
    needs: 'manageSettings',
  },
  { key: 'email', label: 'Email Settings', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  // Not in spec §2's list: the booking widget's embed line and allowed sites (issue 12 §4).
  {
    key: 'websiteWidget',
    label: 'Website Widget',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
  // Not in spec §2's list (issue 18): moving clients in and out, the public API, webhooks, and the
  // platform's support sessions the owner can see and end.
  {
    key: 'importExport',
    label: 'Import & Export',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
  { key: 'apiKeys', label: 'API Keys', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  { key: 'webhooks', label: 'Webhooks', hiddenForSolo: false, built: true, needs: 'manageSettings' },
  {
    key: 'supportAccess',
    label: 'Support Access',
    hiddenForSolo: false,
    built: true,
    needs: 'manageSettings',
  },
];

const allowed = (item: { needs?: Capability }, can?: Can) => !can || !item.needs || can[item.needs];

/** Spec §6 hides some items from solo users; the server's `can` hides what the role may not use. */
export function adminMenuFor(solo: boolean, can?: Can): MenuItem[] {
  return ADMIN_MENU.filter(
    (item) =>
      !(solo && item.hiddenForSolo) &&
      allowed(item, can) &&
      (item.key !== 'settings' || settingsMenuFor(solo, can).length > 0),
  );
}

export interface VisibleSettingsItem extends SettingsItem {
  title: string;
}

export function settingsMenuFor(solo: boolean, can?: Can): VisibleSettingsItem[] {
  return SETTINGS_MENU.filter(
    (item) => !(solo && item.hiddenForSolo) && !(!solo && item.onlyForSolo) && allowed(item, can),
  ).map((item) => ({
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

/** Admin pages outside the menu, and the capability each needs. */
const EXTRA_PAGES: readonly { key: string; label: string; needs?: Capability }[] = [
  { key: 'class-details', label: 'Class Details' },
  { key: 'client-profile', label: 'Client Profile', needs: 'viewClients' },
  { key: 'client-insights', label: 'Client Insights', needs: 'runReports' },
  { key: 'clientreports', label: 'Client Reports', needs: 'runReports' },
  { key: 'payroll', label: 'Payroll', needs: 'manageStaff' },
  // Full-screen pages outside the menu (issue 13).
  { key: 'door-screen', label: 'Door screen', needs: 'checkIn' },
  { key: 'kiosk', label: 'Kiosk', needs: 'checkIn' },
];

export function pageTitleFor(key: string, area: 'menu' | 'settings', solo: boolean): string {
  if (area === 'settings') return settingsTitle(key, solo);
  return [...ADMIN_MENU, ...EXTRA_PAGES].find((item) => item.key === key)?.label ?? key;
}

/** What the role needs for a page, by its menu, settings or extra-page key; undefined when open to all. */
export function capabilityFor(key: string, area: 'menu' | 'settings'): Capability | undefined {
  const items: readonly { key: string; needs?: Capability }[] =
    area === 'settings' ? SETTINGS_MENU : [...ADMIN_MENU, ...EXTRA_PAGES];
  return items.find((item) => item.key === key)?.needs;
}

export type PageAccess = 'open' | 'not-for-solo' | 'denied';

/**
 * Whether the signed-in role may open a page, decided before whether it is built. A solo instructor
 * owns the account, so what it may not use is not part of the solo account rather than refused.
 */
export function pageAccess(key: string, area: 'menu' | 'settings', solo: boolean, can: Can): PageAccess {
  const hiddenForSolo = (area === 'settings' ? SETTINGS_MENU : ADMIN_MENU).some(
    (item) => item.key === key && item.hiddenForSolo,
  );
  const needs = capabilityFor(key, area);
  if (solo && (hiddenForSolo || (needs && !can[needs]))) return 'not-for-solo';
  return needs && !can[needs] ? 'denied' : 'open';
}

/** Whom to ask: an admin always has every ability (issue 15 §2), and owners and admins give them. */
const ASK = 'Ask the business owner or an admin.';

/** The sentence a refused page shows: the ability it needs and whom to ask for it. */
function whoMay(needs: Capability): string {
  // Studios are a settings page of a business with several studios.
  const ability = needs === 'manageStudios' ? 'manageSettings' : needs;
  if (isAbility(ability)) return `You need the “${ABILITY_LABELS[ability].label}” ability. ${ASK}`;
  return `Only the business's team can see clients. ${ASK}`;
}

/** The sentence a refused page shows: which ability is missing and whom to ask for it. */
export function whoMayUse(key: string, area: 'menu' | 'settings'): string {
  const needs = capabilityFor(key, area);
  return needs ? whoMay(needs) : ASK;
}
