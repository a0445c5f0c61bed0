// Zod's own messages (wrong type, too small...) in Spanish for every package that
// imports the contracts, so no English text ever reaches a user or an api answer.
import { z } from 'zod';

z.config(z.locales.es());

// Browsers run our pages under a Content-Security-Policy without 'unsafe-eval': zod's fast
// path would probe for eval (`new Function`) as each object schema is built, and every
// page that validates a form would report a CSP violation. It is off there; the server
// keeps it. A schema built before this line runs would still probe, so every module here
// that builds schemas imports this one or common.ts (zod-locale.test.ts checks): a bundle
// then runs it first, however it splits the modules into chunks.
if ('document' in globalThis) z.config({ jitless: true });
