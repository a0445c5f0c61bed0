// Excel files made to attack the statement import, built in memory: a zip bomb (a few
// hundred KB that unzip to hundreds of MB of one sheet), a sheet of too many rows and a
// workbook of too many parts. Each is a real .xlsx a reader opens, only outsized.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const PARTS: Record<string, string> = {
  '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC}"><sheets><sheet name="Movimientos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};
const SHEET = 'xl/worksheets/sheet1.xml';
const SHEET_START = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

interface Entry {
  name: string;
  /** Raw DEFLATE data. */
  deflated: Buffer;
  crc: number;
  size: number;
}

function entry(name: string, text: string): Entry {
  const data = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/**
 * A workbook whose sheet is `megabytes` MB of blank space inside its XML: each MB deflates
 * to ~1 KB. Made from one compressed MB repeated (a full flush resets the compressor, so
 * every copy is the same bytes) instead of compressing it all.
 */
export function xlsxZipBomb(megabytes: number): Buffer {
  const blank = Buffer.alloc(1024 * 1024, ' ');
  const flushed = { finishFlush: constants.Z_FULL_FLUSH };
  const start = Buffer.from(SHEET_START);
  const end = Buffer.from(SHEET_END);
  let crc = crc32(start);
  for (let i = 0; i < megabytes; i++) crc = crc32(blank, crc);
  crc = crc32(end, crc);
  const block = deflateRawSync(blank, flushed);
  const deflated = Buffer.concat([
    deflateRawSync(start, flushed),
    ...Array.from({ length: megabytes }, () => block),
    deflateRawSync(end),
  ]);
  const size = start.length + megabytes * blank.length + end.length;
  return zip([...baseParts(), { name: SHEET, deflated, crc, size }]);
}

/** A workbook whose sheet has `count` empty rows. */
export function xlsxWithRows(count: number): Buffer {
  const rows = Array.from({ length: count }, (_, i) => `<row r="${i + 1}"/>`).join('');
  return zip([...baseParts(), entry(SHEET, SHEET_START + rows + SHEET_END)]);
}

/** A one-row workbook with `extra` more parts beside its own. */
export function xlsxWithParts(extra: number): Buffer {
  const padding = Array.from({ length: extra }, (_, i) => entry(`xl/media/part${i}.xml`, '<x/>'));
  const sheet = entry(SHEET, `${SHEET_START}<row r="1"/>${SHEET_END}`);
  return zip([...baseParts(), sheet, ...padding]);
}

function baseParts(): Entry[] {
  return Object.entries(PARTS).map(([name, text]) => entry(name, text));
}

/** The zip container (PKZIP application note, without ZIP64): local headers, data, directory. */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeCommon(local, 4, e, name.length);
    locals.push(local, name, e.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeCommon(central, 6, e, name.length);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The fields a local header and a directory entry share, from `at` (version needed on). */
function writeCommon(header: Buffer, at: number, e: Entry, nameLength: number): void {
  header.writeUInt16LE(20, at); // version needed
  header.writeUInt16LE(0, at + 2); // flags
  header.writeUInt16LE(8, at + 4); // DEFLATE
  header.writeUInt16LE(0, at + 6); // time
  header.writeUInt16LE(0x21, at + 8); // 1980-01-01
  header.writeUInt32LE(e.crc >>> 0, at + 10);
  header.writeUInt32LE(e.deflated.length, at + 14);
  header.writeUInt32LE(e.size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}
