export * from './companies.ts';
export * from './users.ts';
export * from './email-outbox.ts';
export * from './session-settings.ts';
export * from './hours.ts';
export * from './studios.ts';
export * from './class-templates.ts';
export * from './people.ts';
