import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A column of a bulk insert and its SQL type. */
export type Column = readonly [name: string, type: string];

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Writes many demo rows in a few statements: each chunk of rows goes as one JSON parameter, unpacked by
 * `jsonb_to_recordset` into the named columns (the rows' camelCase keys are the columns' names). Much
 * faster than a multi-row VALUES built row by row; columns left out take their defaults.
 */
export async function insertMany(
  tx: Executor,
  table: string,
  columns: readonly Column[],
  rows: readonly Record<string, unknown>[],
  chunk = 5000,
): Promise<void> {
  const names = columns.map(([name]) => name).join(', ');
  const types = columns.map(([name, type]) => `${name} ${type}`).join(', ');
  for (let start = 0; start < rows.length; start += chunk) {
    const json = rows
      .slice(start, start + chunk)
      .map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [snake(key), value])));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as v(${sql.raw(types)})`,
    );
  }
}

const ID = 'char(24)';
const TIME = 'timestamptz';

export const BOOKING_COLUMNS: Column[] = [
  ['company_id', ID],
  ['id', ID],
  ['class_instance_id', ID],
  ['client_id', ID],
  ['status', 'text'],
  ['waitlisted_at', TIME],
  ['paid_with', 'text'],
  ['cancelled_by', 'text'],
  ['fee_kind', 'text'],
  ['fee_amount', 'int'],
  ['fee_status', 'text'],
  ['booked_by', ID],
  ['reminder_sent_at', TIME],
  ['created_at', TIME],
  ['updated_at', TIME],
];

export const BOOKING_EVENT_COLUMNS: Column[] = [
  ['company_id', ID],
  ['id', ID],
  ['booking_id', ID],
  ['from_status', 'text'],
  ['to_status', 'text'],
  ['actor_id', ID],
  ['reason', 'text'],
  ['at', TIME],
];

export const ORDER_COLUMNS: Column[] = [
  ['company_id', ID],
  ['id', ID],
  ['number', 'int'],
  ['client_id', ID],
  ['status', 'text'],
  ['provider', 'text'],
  ['currency', 'text'],
  ['subtotal', 'int'],
  ['discount', 'int'],
  ['tax', 'int'],
  ['total', 'int'],
  ['paid', 'int'],
  ['paid_at', TIME],
  ['created_at', TIME],
  ['updated_at', TIME],
];

export const ORDER_LINE_COLUMNS: Column[] = [
  ['company_id', ID],
  ['id', ID],
  ['order_id', ID],
  ['position', 'int'],
  ['kind', 'text'],
  ['booking_id', ID],
  ['description', 'text'],
  ['quantity', 'int'],
  ['unit_price', 'int'],
  ['discount', 'int'],
  ['net', 'int'],
  ['tax', 'int'],
  ['total', 'int'],
];

export const PAYMENT_COLUMNS: Column[] = [
  ['company_id', ID],
  ['id', ID],
  ['order_id', ID],
  ['kind', 'text'],
  ['amount', 'int'],
  ['method', 'text'],
  ['at', TIME],
];

export const LEDGER_COLUMNS: Column[] = [
  ['company_id', ID],
  ['id', ID],
  ['client_package_id', ID],
  ['booking_id', ID],
  ['entry', 'text'],
  ['credits', 'int'],
  ['period_start', 'date'],
  ['reason', 'text'],
  ['actor_id', ID],
  ['at', TIME],
];
