// Zod's own messages (wrong type, too small...) in Spanish for every package that
// imports the contracts, so no English text ever reaches a user or an api answer.
import { z } from 'zod';

z.config(z.locales.es());

// Browsers run our pages under a Content-Security-Policy without 'unsafe-eval': zod's fast
// path would probe for eval (`new Function`), and every page that validates a form would
// report a CSP violation. It is off there; the server keeps it.
if (typeof document !== 'undefined') z.config({ jitless: true });
