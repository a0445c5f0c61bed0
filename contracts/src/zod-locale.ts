// Zod's own messages (wrong type, too small...) in Spanish for every package that
// imports the contracts, so no English text ever reaches a user or an api answer.
import { z } from 'zod';

z.config(z.locales.es());
