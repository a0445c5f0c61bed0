/** The public-site link a reseller shares: the home page with ?code=. */
export function referralUrl(origin: string, code: string): string {
  return `${origin}/?code=${encodeURIComponent(code)}`;
}
