import { describe, expect, it } from 'vitest';
import { ONBOARDING_STEPS } from '@kinetic/shared';
import { adminMenuFor, isDisabledForSolo, settingsMenuFor, settingsTitle, SETTINGS_MENU } from './menu.ts';

describe('admin side menu (spec §2)', () => {
  it('lists every item for a company, in order, with its path', () => {
    expect(adminMenuFor(false).map((item) => [item.label, item.path])).toEqual([
      ['Dashboard', ''],
      ['Appointment', 'appointment'],
      ['Calendar', 'calendar'],
      ['Classes', 'classes'],
      ['Clients', 'clients'],
      ['Staff', 'staff'],
      ['Studios', 'studios'],
      ['Settings', 'settings'],
    ]);
  });

  it('hides Appointment, Classes, Staff and Studios for solo users (spec §6)', () => {
    expect(adminMenuFor(true).map((item) => item.label)).toEqual([
      'Dashboard',
      'Calendar',
      'Clients',
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
    expect(keys).toHaveLength(13);
    expect(isDisabledForSolo('staffPayRates', true)).toBe(true);
    expect(isDisabledForSolo('staffMembers', true)).toBe(true);
    expect(isDisabledForSolo('staffMembers', false)).toBe(false);
    expect(isDisabledForSolo('hours', true)).toBe(false);
  });

  it('has a page for every onboarding step', () => {
    const keys = SETTINGS_MENU.map((item) => item.key);
    for (const step of ONBOARDING_STEPS) expect(keys).toContain(step);
  });

  it('marks only Company Details as built', () => {
    expect(SETTINGS_MENU.filter((item) => item.built).map((item) => item.key)).toEqual(['companyDetails']);
  });
});

describe('menus follow the server’s capability flags (me.can)', () => {
  const all = { manageSettings: true, manageStaff: true, manageStudios: true, viewClients: true };

  it('shows everything an admin may use', () => {
    expect(adminMenuFor(false, all)).toHaveLength(8);
    expect(settingsMenuFor(false, all)).toHaveLength(15);
  });

  it('hides staff and studio pages from a role that may not manage them', () => {
    const staff = { manageSettings: false, manageStaff: false, manageStudios: false, viewClients: true };
    expect(adminMenuFor(false, staff).map((item) => item.label)).toEqual([
      'Dashboard',
      'Appointment',
      'Calendar',
      'Classes',
      'Clients',
    ]);
    expect(settingsMenuFor(false, staff)).toEqual([]);
  });

  it('a solo instructor keeps Clients and Settings, without the studio and staff settings', () => {
    const solo = { manageSettings: true, manageStaff: false, manageStudios: false, viewClients: true };
    expect(adminMenuFor(true, solo).map((item) => item.label)).toEqual([
      'Dashboard',
      'Calendar',
      'Clients',
      'Settings',
    ]);
    const keys = settingsMenuFor(true, solo).map((item) => item.key);
    expect(keys).not.toContain('studios');
    expect(keys).toHaveLength(12);
  });
});
