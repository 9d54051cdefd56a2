import { describe, expect, it } from 'vitest';
import { CsvError, decodeText, parseCsv } from './csv-parse.ts';
import { KNOWN_COLUMN_NAMES, suggestMapping } from './column-names.ts';
import { readDate, readPhone } from './import-values.ts';

describe('CSV reading (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks inside', () => {
    const csv =
      'Name,Notes,Email\r\n"Doe, Jane","Said ""hi""\r\nthen left",jane@example.com\r\nBo,,bo@example.com\r\n';
    const parsed = parseCsv(csv);
    expect(parsed.columns).toEqual(['Name', 'Notes', 'Email']);
    expect(parsed.rows).toEqual([
      ['Doe, Jane', 'Said "hi"\r\nthen left', 'jane@example.com'],
      ['Bo', '', 'bo@example.com'],
    ]);
  });

  it('drops a UTF-8 BOM, reads LF and CR line ends and a last line without one', () => {
    expect(parseCsv('\uFEFFa,b\nc,d\re,f').rows).toEqual([
      ['c', 'd'],
      ['e', 'f'],
    ]);
    expect(parseCsv('\uFEFFa,b\n1,2').columns).toEqual(['a', 'b']);
  });

  it('detects ; and tab delimiters from the header, ignoring those inside quotes', () => {
    const semicolon = parseCsv('First Name;Last Name;"Email, work"\nÉmile;Zola;e@example.fr\n');
    expect(semicolon.delimiter).toBe(';');
    expect(semicolon.rows).toEqual([['Émile', 'Zola', 'e@example.fr']]);
    expect(parseCsv('a\tb\n1\t2').rows).toEqual([['1', '2']]);
    expect(parseCsv('"a;b",c\n1,2').delimiter).toBe(',');
  });

  it('skips blank lines, pads short rows and names blank or repeated headers', () => {
    const parsed = parseCsv('Phone,,Phone\n\n555\n,,\n1,2,3\n');
    expect(parsed.columns).toEqual(['Phone', 'Column 2', 'Phone (2)']);
    expect(parsed.rows).toEqual([
      ['555', '', ''],
      ['1', '2', '3'],
    ]);
  });

  it('names the line where a quoted field is never closed, and refuses an empty file', () => {
    expect(() => parseCsv('a,b\n1,2\n3,"open\n4,5\n')).toThrow(/starts on line 3 is never closed/);
    expect(() => parseCsv('  \n')).toThrow(CsvError);
    expect(() => parseCsv(',,\n1,2,3')).toThrow(/first line should name the columns/);
  });

  it('decodes UTF-8, Windows-1252 and UTF-16 files and refuses binary ones', () => {
    expect(decodeText(new TextEncoder().encode('Zoë'))).toBe('Zoë');
    expect(decodeText(Uint8Array.from([0x5a, 0x6f, 0xeb]))).toBe('Zoë');
    expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00, 0x62, 0x00]))).toBe('a,b');
    expect(() => decodeText(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toThrow(/not a CSV file/);
  });
});

describe('values', () => {
  it('reads the date forms exports write, in the chosen order', () => {
    expect(readDate('1990-03-04', 'mdy', 'x')).toEqual({ ok: true, value: '1990-03-04' });
    expect(readDate('03/04/1990', 'mdy', 'x')).toEqual({ ok: true, value: '1990-03-04' });
    expect(readDate('03/04/1990', 'dmy', 'x')).toEqual({ ok: true, value: '1990-04-03' });
    expect(readDate('3/4/90 10:00 AM', 'mdy', 'x')).toEqual({ ok: true, value: '1990-03-04' });
    expect(readDate('Mar 4, 1990', 'dmy', 'x')).toEqual({ ok: true, value: '1990-03-04' });
    expect(readDate('4 March 1990', 'mdy', 'x')).toEqual({ ok: true, value: '1990-03-04' });
    expect(readDate('2026-11-26T15:04:05.000Z', 'mdy', 'x')).toEqual({ ok: true, value: '2026-11-26' });
    expect(readDate('02/30/1990', 'mdy', 'birth date')).toEqual({
      ok: false,
      reason: 'birth date “02/30/1990” is not a date',
    });
  });

  it('writes ten-digit phones as (404) 555-1234 and keeps international ones', () => {
    expect(readPhone('404.555.1234')).toEqual({ ok: true, value: '(404) 555-1234' });
    expect(readPhone('+1 404 555 1234')).toEqual({ ok: true, value: '(404) 555-1234' });
    expect(readPhone('+353 1 555 0199')).toEqual({ ok: true, value: '+353 1 555 0199' });
    expect(readPhone('n/a').ok).toBe(false);
  });
});

describe('suggested mapping of commercial exports', () => {
  it('Mindbody client export', () => {
    const columns = [
      'ID',
      'Last Name',
      'First Name',
      'Email',
      'Home Phone',
      'Mobile Phone',
      'Birth Date',
      'Address',
      'City',
      'State',
      'Postal Code',
      'Client Since',
      'Send Promotional Emails',
    ];
    expect(suggestMapping(columns)).toEqual({
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Mobile Phone',
      birthDate: 'Birth Date',
      joinedOn: 'Client Since',
      addressLine1: 'Address',
      city: 'City',
      state: 'State',
      postalCode: 'Postal Code',
      marketingConsent: 'Send Promotional Emails',
      externalId: 'ID',
    });
  });

  it('Mariana Tek, Momence, Arketa, Glofox and Zen Planner shapes', () => {
    expect(
      suggestMapping([
        'Customer ID',
        'First Name',
        'Last Name',
        'Email',
        'Phone Number',
        'Birth Date',
        'Date Joined',
        'Marketing Opt In',
      ]),
    ).toMatchObject({
      externalId: 'Customer ID',
      phone: 'Phone Number',
      joinedOn: 'Date Joined',
      marketingConsent: 'Marketing Opt In',
    });
    expect(suggestMapping(['Customer Name', 'Customer email', 'Customer phone', 'Customer since'])).toEqual({
      fullName: 'Customer Name',
      email: 'Customer email',
      phone: 'Customer phone',
      joinedOn: 'Customer since',
    });
    expect(
      suggestMapping([
        'Name',
        'Email',
        'Phone',
        'Created At',
        'Remaining Classes',
        'Membership',
        'Expiration Date',
      ]),
    ).toEqual({
      fullName: 'Name',
      email: 'Email',
      phone: 'Phone',
      joinedOn: 'Created At',
      packageName: 'Membership',
      creditsRemaining: 'Remaining Classes',
      packageExpiresOn: 'Expiration Date',
    });
    expect(
      suggestMapping(['first_name', 'last_name', 'email', 'phone_number', 'Date of Birth', 'Member Since']),
    ).toMatchObject({
      firstName: 'first_name',
      lastName: 'last_name',
      phone: 'phone_number',
      birthDate: 'Date of Birth',
      joinedOn: 'Member Since',
    });
    expect(
      suggestMapping([
        'Member ID',
        'First Name',
        'Last Name',
        'Email',
        'Primary Phone',
        'Birthdate',
        'Emergency Contact',
        'Emergency Phone',
      ]),
    ).toMatchObject({
      externalId: 'Member ID',
      phone: 'Primary Phone',
      birthDate: 'Birthdate',
      emergencyContactName: 'Emergency Contact',
      emergencyContactPhone: 'Emergency Phone',
    });
  });

  it('Kinetic’s own clients.csv maps every field it has, and no column serves two fields', () => {
    const columns = [
      'id',
      'name',
      'first_name',
      'last_name',
      'email',
      'phone',
      'created_at',
      'birth_date',
      'address_line1',
      'address_line2',
      'address_city',
      'address_state',
      'address_postal_code',
      'address_country',
      'emergency_contact_name',
      'emergency_contact_phone',
      'consent_marketing',
    ];
    const mapping = suggestMapping(columns);
    expect(mapping).toMatchObject({
      firstName: 'first_name',
      lastName: 'last_name',
      externalId: 'id',
      city: 'address_city',
      marketingConsent: 'consent_marketing',
      joinedOn: 'created_at',
    });
    expect(mapping.fullName).toBeUndefined();
    const used = Object.values(mapping);
    expect(new Set(used).size).toBe(used.length);
    for (const names of Object.values(KNOWN_COLUMN_NAMES)) expect(names.length).toBeGreaterThan(0);
  });
});
