// Reading an attachment back out of a raw e-mail the fake SMTP server kept, for tests:
// the MIME part whose headers name the file, its base64 body decoded.

/** The bytes of the attachment named `filename`, or null when the mail has none by that name. */
export function mailAttachment(raw: string, filename: string): Buffer | null {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!/content-disposition:\s*attachment/i.test(headers)) continue;
    if (!headers.includes(filename)) continue;
    if (!/content-transfer-encoding:\s*base64/i.test(headers)) continue;
    const body = part.slice(split).replace(/\r?\n--[^\r\n]*--\s*$/, '');
    return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  }
  return null;
}

/** The file names of a raw e-mail's attachments. */
export function attachmentNames(raw: string): string[] {
  return [...raw.matchAll(/filename="?([^"\r\n;]+)"?/gi)].map((m) => m[1]!);
}
