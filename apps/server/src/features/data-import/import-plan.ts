import type { CompanyAddress } from '../../db/schema/companies.ts';
import {
  IMPORT_FIELD_LABELS,
  type ImportField,
  type ImportMapping,
  type ImportOptions,
  type PackageKind,
} from '@kinetic/shared';
import {
  clean,
  readConsent,
  readCredits,
  readDate,
  readEmail,
  readInstantOrDate,
  readPhone,
} from './import-values.ts';

/**
 * What the import does with each row of a client file, decided without writing anything: the dry run
 * shows it and the job carries it out (checking the email again in each batch's transaction). Pure but
 * for the context it is given (the company's clients' emails and packages, today's local date).
 */

export interface ImportTable {
  columns: string[];
  rows: string[][];
  /** Archives: each client row's packages from `client-packages.csv` (raw cells). */
  packagesOfRow?: (row: string[]) => PackageSource[];
  /** Archives: why a row is not imported whatever the mapping (an anonymised client), or null. */
  refusalOf?: (row: string[]) => string | null;
}

/** One package a row asks for, as written in the file. */
export interface PackageSource {
  name: string;
  credits: string;
  expiresOn: string;
  startsOn?: string;
}

export interface KnownPackage {
  id: string;
  name: string;
  kind: PackageKind;
  archived: boolean;
}

export interface PlanContext {
  /** Lower-cased emails of the company's clients now. */
  existingEmails: ReadonlySet<string>;
  /** The company's packages by lower-cased, trimmed name. */
  packagesByName: ReadonlyMap<string, KnownPackage>;
  /** The company's local date today. */
  today: string;
}

export interface PackageDraft {
  packageId: string;
  name: string;
  kind: PackageKind;
  /** Class packs: credits to grant. */
  credits: number | null;
  /** Packs: credits lapse at the end of this local date; memberships: paid until (exclusive). */
  expiresOn: string | null;
  startsOn: string | null;
}

export interface ClientDraft {
  name: string;
  email: string;
  phone: string | null;
  /** "Client since": an instant (Kinetic's export), a local date, or null (now). */
  joined: Date | string | null;
  birthDate: string | null;
  address: CompanyAddress;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  marketing: boolean;
  notes: string | null;
  externalId: string | null;
}

export type RowPlan =
  | { row: number; outcome: 'create'; client: ClientDraft; packages: PackageDraft[] }
  | { row: number; outcome: 'skip'; email: string }
  | { row: number; outcome: 'reject'; email: string | null; reason: string };

const NOTE_LIMIT = 2000;
const TEXT_LIMIT = 200;

/** The cell of `field` in a row, by the mapping; '' when unmapped. */
function cellReader(columns: string[], mapping: ImportMapping) {
  const index = new Map<ImportField, number>();
  for (const [field, column] of Object.entries(mapping) as [ImportField, string | null][]) {
    if (!column) continue;
    const at = columns.indexOf(column);
    if (at >= 0) index.set(field, at);
  }
  return (row: string[], field: ImportField) => {
    const at = index.get(field);
    return at === undefined ? '' : (row[at] ?? '');
  };
}

/** Columns the mapping names that the file does not have (the mapping step sends only the file's). */
export function unknownColumns(columns: string[], mapping: ImportMapping): string[] {
  return Object.values(mapping).filter((column): column is string => !!column && !columns.includes(column));
}

function planPackages(
  sources: PackageSource[],
  context: PlanContext,
  options: ImportOptions,
  problems: string[],
): PackageDraft[] {
  const drafts: PackageDraft[] = [];
  for (const source of sources) {
    const name = clean(source.name);
    if (!name) {
      if (clean(source.credits) || clean(source.expiresOn))
        problems.push('credits or an expiry date without a package name');
      continue;
    }
    const known = context.packagesByName.get(name.toLowerCase());
    if (!known) {
      problems.push(`no package named “${name}” in Settings › Packages`);
      continue;
    }
    const credits = readCredits(source.credits);
    const expires = readDate(source.expiresOn, options.dateOrder, 'package expiry');
    const starts = readDate(source.startsOn ?? '', options.dateOrder, 'package start');
    if (!credits.ok) problems.push(credits.reason);
    if (!expires.ok) problems.push(expires.reason);
    if (!starts.ok) problems.push(starts.reason);
    if (!credits.ok || !expires.ok || !starts.ok) continue;
    if (known.kind === 'class-pack' && credits.value === null) {
      problems.push(`credits remaining is empty for the class pack “${known.name}”`);
      continue;
    }
    // Nothing left to hold: a used-up pack or one that lapsed (the client is still imported).
    if (known.kind === 'class-pack' && credits.value === 0) continue;
    if (expires.value !== null && expires.value < context.today) continue;
    drafts.push({
      packageId: known.id,
      name: known.name,
      kind: known.kind,
      credits: known.kind === 'class-pack' ? credits.value : null,
      expiresOn: expires.value,
      startsOn: starts.value !== null && starts.value <= context.today ? starts.value : null,
    });
  }
  return drafts;
}

function planRow(
  cells: string[],
  row: number,
  cell: (row: string[], field: ImportField) => string,
  table: ImportTable,
  options: ImportOptions,
  context: PlanContext,
  firstRowOfEmail: Map<string, number>,
): RowPlan {
  const refusal = table.refusalOf?.(cells) ?? null;
  if (refusal) return { row, outcome: 'reject', email: null, reason: refusal };
  const problems: string[] = [];
  const emailRead = readEmail(cell(cells, 'email'));
  const email = emailRead.ok ? emailRead.value : null;
  if (!emailRead.ok) problems.push(emailRead.reason);
  if (email) {
    const first = firstRowOfEmail.get(email);
    if (first === undefined) firstRowOfEmail.set(email, row);
    else problems.push(`duplicate email: the same as row ${first}`);
  }
  if (email && context.existingEmails.has(email) && problems.length === 0)
    return { row, outcome: 'skip', email };

  const first = clean(cell(cells, 'firstName'));
  const last = clean(cell(cells, 'lastName'));
  const name = (first || last ? `${first} ${last}` : clean(cell(cells, 'fullName')))
    .replace(/\s+/g, ' ')
    .trim();
  if (!name) problems.push('no name');
  else if (name.length > 120) problems.push('name longer than 120 characters');

  const phone = readPhone(cell(cells, 'phone'));
  if (!phone.ok) problems.push(phone.reason);
  const emergencyPhone = readPhone(cell(cells, 'emergencyContactPhone'), 'emergency contact phone');
  if (!emergencyPhone.ok) problems.push(emergencyPhone.reason);
  const birth = readDate(cell(cells, 'birthDate'), options.dateOrder, 'birth date');
  if (!birth.ok) problems.push(birth.reason);
  else if (birth.value && (birth.value < '1900-01-01' || birth.value > context.today))
    problems.push(`birth date ${birth.value} is not between 1900 and today`);
  const joined = readInstantOrDate(cell(cells, 'joinedOn'), options.dateOrder, 'client since');
  if (!joined.ok) problems.push(joined.reason);
  else if (
    joined.value &&
    (typeof joined.value === 'string' ? joined.value > context.today : joined.value > new Date())
  )
    problems.push('client since is in the future');
  const consent = readConsent(cell(cells, 'marketingConsent'));
  if (!consent.ok) problems.push(consent.reason);

  const text = (field: ImportField) => {
    const value = clean(cell(cells, field));
    if (value.length > TEXT_LIMIT)
      problems.push(`${IMPORT_FIELD_LABELS[field].label.toLowerCase()} longer than ${TEXT_LIMIT} characters`);
    return value || null;
  };
  const address: CompanyAddress = {
    line1: text('addressLine1'),
    line2: text('addressLine2'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postalCode'),
    country: text('country'),
  };
  const emergencyContactName = text('emergencyContactName');
  const externalId = text('externalId');
  const notes = clean(cell(cells, 'notes')) || null;
  if (notes && notes.length > NOTE_LIMIT - 300)
    problems.push(`notes longer than ${NOTE_LIMIT - 300} characters`);

  const sources: PackageSource[] = table.packagesOfRow
    ? table.packagesOfRow(cells)
    : [
        {
          name: cell(cells, 'packageName'),
          credits: cell(cells, 'creditsRemaining'),
          expiresOn: cell(cells, 'packageExpiresOn'),
        },
      ];
  const packages = planPackages(sources, context, options, problems);

  if (problems.length > 0) return { row, outcome: 'reject', email, reason: problems.join('; ') };
  if (!email || !phone.ok || !emergencyPhone.ok || !birth.ok || !joined.ok || !consent.ok)
    throw new Error('unreachable: a failed read is a problem');
  return {
    row,
    outcome: 'create',
    client: {
      name,
      email,
      phone: phone.value,
      joined: joined.value,
      birthDate: birth.value,
      address,
      emergencyContactName,
      emergencyContactPhone: emergencyPhone.value,
      marketing: consent.value,
      notes,
      externalId,
    },
    packages,
  };
}

/** Every row's outcome, in file order (row 1 is the first after the header). */
export function planImport(
  table: ImportTable,
  mapping: ImportMapping,
  options: ImportOptions,
  context: PlanContext,
): RowPlan[] {
  const cell = cellReader(table.columns, mapping);
  const firstRowOfEmail = new Map<string, number>();
  return table.rows.map((cells, index) =>
    planRow(cells, index + 1, cell, table, options, context, firstRowOfEmail),
  );
}
