import type { ImportField, ImportMapping } from '@kinetic/shared';

/**
 * Column names of common studio software exports, per Kinetic field, best first (a file with both
 * "Mobile Phone" and "Home Phone" gets the mobile). Compared without case, spaces or punctuation, so
 * "First Name", "first_name" and "FirstName" are one name. Kinetic's own export (docs/export-format.md)
 * uses the snake_case names. The table in docs/architecture.md ("Issue 18: Import") says which vendor
 * writes which; the owner checks and corrects the suggestion in the mapping step.
 */
export const KNOWN_COLUMN_NAMES: Record<ImportField, readonly string[]> = {
  firstName: [
    'first_name',
    'First Name',
    'Given Name',
    'Client First Name',
    'Customer First Name',
    'Member First Name',
    'FName',
  ],
  lastName: [
    'last_name',
    'Last Name',
    'Surname',
    'Family Name',
    'Client Last Name',
    'Customer Last Name',
    'Member Last Name',
    'LName',
  ],
  fullName: [
    'name',
    'full_name',
    'Full Name',
    'Client Name',
    'Customer Name',
    'Member Name',
    'Client',
    'Customer',
    'Contact Name',
  ],
  email: [
    'email',
    'Email Address',
    'E-mail',
    'Client Email',
    'Customer Email',
    'Member Email',
    'Primary Email',
    'Email 1',
  ],
  phone: [
    'phone',
    'Mobile Phone',
    'Mobile',
    'Mobile Number',
    'Cell Phone',
    'Cell',
    'phone_number',
    'Phone Number',
    'Customer Phone',
    'Client Phone',
    'Primary Phone',
    'Home Phone',
    'Work Phone',
    'Telephone',
  ],
  birthDate: ['birth_date', 'Birth Date', 'Birthdate', 'Birthday', 'Date of Birth', 'DOB'],
  joinedOn: [
    'created_at',
    'Client Since',
    'Customer Since',
    'Member Since',
    'Date Joined',
    'Joined',
    'Join Date',
    'Signup Date',
    'Sign Up Date',
    'Date Added',
    'Creation Date',
    'Created',
    'Created At',
    'Created Date',
  ],
  addressLine1: [
    'address_line1',
    'Address',
    'Address Line 1',
    'Address 1',
    'Address1',
    'Street',
    'Street Address',
    'Mailing Address',
  ],
  addressLine2: ['address_line2', 'Address Line 2', 'Address 2', 'Address2', 'Apt', 'Suite'],
  city: ['city', 'address_city', 'Town'],
  state: ['state', 'address_state', 'Province', 'State/Province', 'Region', 'County'],
  postalCode: [
    'postal_code',
    'address_postal_code',
    'Postal Code',
    'Zip',
    'Zip Code',
    'Postcode',
    'Post Code',
  ],
  country: ['country', 'address_country'],
  emergencyContactName: [
    'emergency_contact_name',
    'Emergency Contact',
    'Emergency Contact Name',
    'Emergency Name',
    'Emergency Contact Full Name',
  ],
  emergencyContactPhone: [
    'emergency_contact_phone',
    'Emergency Contact Phone',
    'Emergency Phone',
    'Emergency Contact Number',
    'Emergency Contact Phone Number',
  ],
  notes: ['notes', 'Note', 'Client Notes', 'Customer Notes', 'Comments', 'Remarks'],
  marketingConsent: [
    'marketing_consent',
    'consent_marketing',
    'Marketing Consent',
    'Marketing',
    'Marketing Opt In',
    'Marketing Opt-In',
    'Email Opt In',
    'Email Opt-In',
    'Opt In',
    'Accepts Marketing',
    'Send Promotional Emails',
    'Marketing Emails',
    'Email Subscription',
    'Subscribed',
    'Newsletter',
  ],
  externalId: [
    'id',
    'external_id',
    'Client ID',
    'Customer ID',
    'Member ID',
    'ClientID',
    'User ID',
    'Barcode ID',
  ],
  packageName: [
    'package_name',
    'Package',
    'Package Name',
    'Pricing Option',
    'Membership',
    'Membership Name',
    'Active Membership',
    'Current Membership',
    'Series Name',
    'Pass',
    'Pass Name',
    'Plan',
  ],
  creditsRemaining: [
    'credits_remaining',
    'Credits Remaining',
    'Remaining',
    'Remaining Credits',
    'Remaining Classes',
    'Classes Remaining',
    'Sessions Remaining',
    'Remaining Sessions',
    'Visits Remaining',
    'Remaining Visits',
  ],
  packageExpiresOn: [
    'expires_on',
    'package_expires_on',
    'Expiration Date',
    'Expiry Date',
    'Expiration',
    'Expires',
    'Expires On',
    'Package Expiry',
    'Expiry',
    'End Date',
  ],
};

/** "First Name", "first_name", "FIRSTNAME" → "firstname". */
export const normaliseColumnName = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The mapping Kinetic suggests for a file's columns: each field gets the best-ranked known name the
 * file has, and no column serves two fields. A full name is suggested only when the file has neither
 * a first nor a last name column.
 */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const byName = new Map<string, string>();
  for (const column of columns) {
    const key = normaliseColumnName(column);
    if (key && !byName.has(key)) byName.set(key, column);
  }
  const used = new Set<string>();
  const mapping: ImportMapping = {};
  for (const [field, names] of Object.entries(KNOWN_COLUMN_NAMES) as [ImportField, readonly string[]][]) {
    if (field === 'fullName' && (mapping.firstName || mapping.lastName)) continue;
    for (const name of names) {
      const column = byName.get(normaliseColumnName(name));
      if (column && !used.has(column)) {
        mapping[field] = column;
        used.add(column);
        break;
      }
    }
  }
  return mapping;
}
