// The sign-in's checks: the contracts' loginSchema through zod. A module of its own so that
// useLoginForm can load it (and zod, a quarter of the screen's JS) after the screen shows.
import { loginSchema } from '@vag/contracts';
import { zodValidate } from '../common/zodValidate';

export const validateLogin = zodValidate(loginSchema);
