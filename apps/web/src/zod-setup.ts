import { z } from 'zod/v4';

// zod 4 probes `new Function('')` to decide whether to compile validators; under our CSP (no
// 'unsafe-eval') that probe files a violation report on every page. The interpreter is fast enough for
// forms. vite.config.ts aliases `zod` to this module, so every schema in the app (packages/shared's
// included) is built by this configured zod, and zod loads only with the first page that needs a schema.
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
