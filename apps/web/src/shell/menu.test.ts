import { describe, expect, it } from 'vitest';
import { defaultCan, ONBOARDING_STEPS } from '@kinetic/shared';
import {
  adminMenuFor,
  isDisabledForSolo,
  pageAccess,
  settingsMenuFor,
  settingsTitle,
  SETTINGS_MENU,
  whoMayUse,
} from './menu.ts';

describe('admin side menu (spec §2)', () => {
  it('lists every item for a company, in order, with its path', () => {
    expect(adminMenuFor(false).map((item) => [item.label, item.path])).toEqual([
      ['Dashboard', ''],
      ['Appointment', 'appointment'],
      ['Calendar', 'calendar'],
      ['Front desk', 'front-desk'],
      ['Classes', 'classes'],
      ['Events', 'events'],
      ['Clients', 'clients'],
      ['Reports', 'reports'],
      ['Staff', 'staff'],
      ['Studios', 'studios'],
      ['Settings', 'settings'],
    ]);
  });

  it('hides Appointment, Front desk, Classes, Staff and Studios for solo users (spec §6); Events (issue 12) and Reports (issue 14) stay', () => {
    expect(adminMenuFor(true).map((item) => item.label)).toEqual([
      'Dashboard',
      'Calendar',
      'Events',
      'Clients',
      'Reports',
      'Settings',
    ]);
  });
});

describe('settings menu (spec §2)', () => {
  it('has every page and title of the spec, keeping the spec path spelling', () => {
    expect(settingsMenuFor(false).map((item) => [item.key, item.title])).toEqual([
      ['companyDetails', 'Company Details'],
      ['reportSettings', 'Services and Products'],
      ['classesSettings', 'Sessions Settings'],
      ['hours', 'Peak/Non Peak Hours'],
      ['clientWaiver', 'Client Waiver'],
      ['contractTerms', 'Policies & Procedures'],
      ['studios', 'Studios'],
      ['staffPayRates', 'Staff Payrates'],
      ['staffMembers', 'Staff Members'],
      ['packages', 'Packages'],
      ['promoCodes', 'Promo-Codes'],
      ['instructors', 'Instructors'],
      ['fascilitators', 'Facilitators'],
      ['fitnessClassTemplate', 'Templates'],
      ['email', 'Email Settings'],
      // Not in the spec's list: the widget's embed line and allowed sites (issue 12).
      ['websiteWidget', 'Website Widget'],
      // Issue 18: moving data in and out, the public API, webhooks, the platform's support sessions.
      ['importExport', 'Import & Export'],
      ['apiKeys', 'API Keys'],
      ['webhooks', 'Webhooks'],
      ['supportAccess', 'Support Access'],
    ]);
  });

  it('titles companyDetails "Instructor Details" for solo users', () => {
    expect(settingsTitle('companyDetails', true)).toBe('Instructor Details');
    expect(settingsTitle('companyDetails', false)).toBe('Company Details');
  });

  it('hides and disables Staff Payrates and Staff Members for solo users', () => {
    const keys = settingsMenuFor(true).map((item) => item.key);
    expect(keys).not.toContain('staffPayRates');
    expect(keys).not.toContain('staffMembers');
    expect(keys).toHaveLength(19);
    expect(isDisabledForSolo('staffPayRates', true)).toBe(true);
    expect(isDisabledForSolo('staffMembers', true)).toBe(true);
    expect(isDisabledForSolo('staffMembers', false)).toBe(false);
    expect(isDisabledForSolo('hours', true)).toBe(false);
  });

  it('has a page for every onboarding step', () => {
    const keys = SETTINGS_MENU.map((item) => item.key);
    for (const step of ONBOARDING_STEPS) expect(keys).toContain(step);
  });

  it('marks the built settings pages (every one, Email Settings last of issue 16)', () => {
    expect(SETTINGS_MENU.filter((item) => item.built).map((item) => item.key)).toEqual([
      'companyDetails',
      'reportSettings',
      'classesSettings',
      'hours',
      'clientWaiver',
      'contractTerms',
      'studios',
      'staffPayRates',
      'staffMembers',
      'packages',
      'promoCodes',
      'instructors',
      'fascilitators',
      'fitnessClassTemplate',
      'privateSessions',
      'email',
      'websiteWidget',
      'importExport',
      'apiKeys',
      'webhooks',
      'supportAccess',
    ]);
  });

  it('offers Private Sessions to solo users only: a company has the Appointment page (issue 17)', () => {
    expect(settingsMenuFor(true).map((item) => item.key)).toContain('privateSessions');
    expect(settingsMenuFor(false).map((item) => item.key)).not.toContain('privateSessions');
    expect(settingsTitle('privateSessions', true)).toBe('Private Sessions');
  });
});

describe('menus follow the server’s capability flags (me.can)', () => {
  const all = defaultCan('admin');

  it('shows everything an admin may use', () => {
    expect(adminMenuFor(false, all)).toHaveLength(11);
    expect(settingsMenuFor(false, all)).toHaveLength(20);
  });

  it('hides staff and studio pages from a role that may not manage them; Settings offers only Company Details', () => {
    const staff = defaultCan('staff');
    expect(adminMenuFor(false, staff).map((item) => item.label)).toEqual([
      'Dashboard',
      'Appointment',
      'Calendar',
      'Front desk',
      'Classes',
      'Events',
      'Clients',
      'Settings',
    ]);
    expect(settingsMenuFor(false, staff).map((item) => item.key)).toEqual(['companyDetails']);
  });

  it('offers no page that the access gate would refuse', () => {
    const staff = defaultCan('staff');
    for (const item of adminMenuFor(false, staff))
      expect(pageAccess(item.key, 'menu', false, staff)).toBe('open');
    for (const item of settingsMenuFor(false, staff)) {
      expect(pageAccess(item.key, 'settings', false, staff)).toBe('open');
    }
    const refused = SETTINGS_MENU.filter(
      (item) => pageAccess(item.key, 'settings', false, staff) === 'denied',
    );
    expect(refused).toHaveLength(20);
  });

  it('an instructor (check-in only) sees the front desk and clients, not reports or settings pages', () => {
    const instructor = defaultCan('instructor');
    expect(adminMenuFor(false, instructor).map((item) => item.label)).toEqual([
      'Dashboard',
      'Appointment',
      'Calendar',
      'Front desk',
      'Classes',
      'Events',
      'Clients',
      'Settings',
    ]);
    expect(settingsMenuFor(false, instructor).map((item) => item.key)).toEqual(['companyDetails']);
  });

  it('follows one person’s abilities, not their role: a staff member given reports and settings, without check-in', () => {
    const staff = {
      ...defaultCan('staff'),
      checkIn: false,
      runReports: true,
      manageSettings: true,
      manageStudios: true,
    };
    const labels = adminMenuFor(false, staff).map((item) => item.label);
    expect(labels).not.toContain('Front desk');
    expect(labels).toContain('Reports');
    expect(labels).toContain('Studios');
    expect(labels).not.toContain('Staff');
    expect(settingsMenuFor(false, staff).map((item) => item.key)).toContain('hours');
    expect(pageAccess('front-desk', 'menu', false, staff)).toBe('denied');
    expect(pageAccess('client-insights', 'menu', false, staff)).toBe('open');
    expect(pageAccess('payroll', 'menu', false, staff)).toBe('denied');
  });

  it('a solo instructor keeps Clients and Settings, without the studio and staff settings', () => {
    const solo = defaultCan('solo-instructor', 'solo');
    expect(adminMenuFor(true, solo).map((item) => item.label)).toEqual([
      'Dashboard',
      'Calendar',
      'Events',
      'Clients',
      'Reports',
      'Settings',
    ]);
    const keys = settingsMenuFor(true, solo).map((item) => item.key);
    expect(keys).not.toContain('studios');
    expect(keys).toContain('privateSessions');
    expect(keys).toHaveLength(18);
  });
});

describe('page access, decided before "Coming soon"', () => {
  const staff = defaultCan('staff');
  const soloOwner = defaultCan('solo-instructor', 'solo');

  it('refuses staff the staff, studios and settings pages, built or not, and says who may use them', () => {
    expect(pageAccess('staff', 'menu', false, staff)).toBe('denied');
    expect(pageAccess('studios', 'menu', false, staff)).toBe('denied');
    expect(pageAccess('hours', 'settings', false, staff)).toBe('denied');
    expect(whoMayUse('staff', 'menu')).toBe(
      'You need the “Manage staff” ability. Ask the business owner or an admin.',
    );
    expect(whoMayUse('hours', 'settings')).toBe(
      'You need the “Manage settings” ability. Ask the business owner or an admin.',
    );
    expect(whoMayUse('studios', 'menu')).toBe(
      'You need the “Manage settings” ability. Ask the business owner or an admin.',
    );
    expect(whoMayUse('reports', 'menu')).toBe(
      'You need the “Run reports” ability. Ask the business owner or an admin.',
    );
    expect(whoMayUse('front-desk', 'menu')).toBe(
      'You need the “Check in clients” ability. Ask the business owner or an admin.',
    );
  });

  it('lets every team role read Company Details and open the pages it may use', () => {
    expect(pageAccess('companyDetails', 'settings', false, staff)).toBe('open');
    expect(pageAccess('calendar', 'menu', false, staff)).toBe('open');
    expect(pageAccess('client-profile', 'menu', false, staff)).toBe('open');
  });

  it('tells a solo instructor a page is not part of the solo account rather than refusing it', () => {
    expect(pageAccess('staff', 'menu', true, soloOwner)).toBe('not-for-solo');
    expect(pageAccess('studios', 'settings', true, soloOwner)).toBe('not-for-solo');
    expect(pageAccess('hours', 'settings', true, soloOwner)).toBe('open');
  });
});
