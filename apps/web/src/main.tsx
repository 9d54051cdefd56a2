import './zod-setup.ts';

// zod must be configured before any schema is built, and the bundler may put the shared schemas in a
// chunk that runs before this module's body; loading the app afterwards is the one order it keeps.
void import('./mount.tsx');
