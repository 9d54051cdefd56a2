import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { EVENT_CATEGORY_IDS, EVENT_VISIBILITIES } from '@kinetic/shared';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { packages } from './packages.ts';
import { facilitators } from './people.ts';
import { studios } from './studios.ts';

const tenant = () =>
  idColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A one-off public offering (blueprint §5, issue 12 §1). Its dates are `class_instances` rows of kind
 * `event` (event_id set), so bookings, capacity, waitlist, check-in and reminders are the classes'
 * machinery. The studio runs it and gives its dates their time zone; `address` is where it takes place
 * when that is not the studio. Tenant table: key (company_id, id).
 */
export const events = pgTable(
  'events',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    title: text('title').notNull(),
    category: text('category', { enum: EVENT_CATEGORY_IDS }).notNull(),
    description: text('description'),
    /** An uploaded file's name, as class templates keep theirs. */
    image: text('image'),
    studioId: idColumn('studio_id').notNull(),
    /** An external venue; null = at the studio. */
    address: text('address'),
    /** Places per date (each date's own capacity starts here). */
    capacity: integer('capacity').notNull(),
    /** Minor units of the company's currency; 0 = free. */
    price: integer('price').notNull().default(0),
    visibility: text('visibility', { enum: EVENT_VISIBILITIES }).notNull().default('public'),
    waitlist: boolean('waitlist').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'events_studio_fk',
      columns: [table.companyId, table.studioId],
      foreignColumns: [studios.companyId, studios.id],
    }),
    check('events_numbers', sql`${table.capacity} > 0 and ${table.price} >= 0`),
  ],
);

/** Who runs an event (from the Facilitators settings). */
export const eventFacilitators = pgTable(
  'event_facilitators',
  {
    companyId: tenant(),
    eventId: idColumn('event_id').notNull(),
    facilitatorId: idColumn('facilitator_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.eventId, table.facilitatorId] }),
    foreignKey({
      name: 'event_facilitators_event_fk',
      columns: [table.companyId, table.eventId],
      foreignColumns: [events.companyId, events.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'event_facilitators_facilitator_fk',
      columns: [table.companyId, table.facilitatorId],
      foreignColumns: [facilitators.companyId, facilitators.id],
    }).onDelete('cascade'),
    index('event_facilitators_facilitator_idx').on(table.companyId, table.facilitatorId),
  ],
);

/** The packages a client may pay for an event with; none = pay per event. */
export const eventPackages = pgTable(
  'event_packages',
  {
    companyId: tenant(),
    eventId: idColumn('event_id').notNull(),
    packageId: idColumn('package_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.eventId, table.packageId] }),
    foreignKey({
      name: 'event_packages_event_fk',
      columns: [table.companyId, table.eventId],
      foreignColumns: [events.companyId, events.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'event_packages_package_fk',
      columns: [table.companyId, table.packageId],
      foreignColumns: [packages.companyId, packages.id],
    }).onDelete('cascade'),
  ],
);
