// Progress lines for the setup scripts: one line per step, so a first run that spends
// minutes compiling never looks hung.
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);

export const say = {
  step: (text: string) => console.log(`${paint('36', '▸')} ${text}`),
  ok: (text: string) => console.log(`${paint('32', '✓')} ${text}`),
  warn: (text: string) => console.log(`${paint('33', '!')} ${text}`),
};

export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
