// The sign-in's Spanish texts, read straight from our messages: the screen runs outside
// react-admin, so it has no translate() and does not load polyglot for a dozen strings.
import { loginMessages } from '../i18n/es-login';

export const loginText = (key: keyof typeof loginMessages): string => loginMessages[key];
