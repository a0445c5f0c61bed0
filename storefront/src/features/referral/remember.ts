// Runs on every page: remembers a reseller's ?code= (see referral.ts).
import { rememberReferral } from './referral';

try {
  rememberReferral(window.location.search, window.localStorage);
} catch {
  // Storage blocked (private mode): the code then lives only in this address.
}
