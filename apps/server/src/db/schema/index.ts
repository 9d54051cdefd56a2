export * from './companies.ts';
export * from './users.ts';
export * from './email-outbox.ts';
