import { z } from 'zod';

// zod 4 probes `new Function('')` to decide whether to compile validators; under our CSP (no
// 'unsafe-eval') that probe files a violation report on every page. The interpreter is fast enough for
// forms. This module is main.tsx's first import, so it runs before any schema is built or used.
z.config({ jitless: true });
