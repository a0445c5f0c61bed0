// pdf-lib's standard fonts (Helvetica) encode WinAnsi only: a character outside it would
// throw while drawing, so the ticket and the reports draw text through this first.

/** `text` with control characters as spaces and what WinAnsi lacks as '?'. */
export function printable(text: string): string {
  return Array.from(text, (ch) => {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20) return ' ';
    return code <= 0xff || ch === '€' || ch === '…' ? ch : '?';
  }).join('');
}
