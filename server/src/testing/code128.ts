// Reading a Code128 barcode back from its bar and space widths (in modules), for tests of
// the RIDE's access key: the symbol table of ISO/IEC 15417, sets B and C, and the check
// symbol. Independent of the library that drew it.

/** Each value's six widths (bar, space, bar, space, bar, space), 0 to 105. */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 ' +
  '112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 ' +
  '311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 ' +
  '112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 ' +
  '122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 ' +
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');
const STOP = '2331112';
const CODE_B = 100;
const CODE_C = 99;
const START_B = 104;
const START_C = 105;

/** The text a Code128 barcode carries (sets B and C), or an Error saying what is wrong. */
export function decodeCode128(widths: readonly number[]): string {
  if (widths.slice(-7).join('') !== STOP) throw new Error('no stop pattern');
  const values: number[] = [];
  for (let i = 0; i + 7 < widths.length; i += 6) {
    const value = PATTERNS.indexOf(widths.slice(i, i + 6).join(''));
    if (value < 0) throw new Error(`unknown symbol at module ${i}`);
    values.push(value);
  }
  const [start, ...rest] = values;
  const check = rest.pop();
  const sum = rest.reduce((total, value, i) => total + value * (i + 1), start ?? 0);
  if (sum % 103 !== check) throw new Error('wrong check symbol');
  let set = start === START_C ? 'C' : start === START_B ? 'B' : null;
  if (!set) throw new Error('not a start B or C');
  let text = '';
  for (const value of rest) {
    if (value === CODE_B) set = 'B';
    else if (value === CODE_C && set === 'B') set = 'C';
    else text += set === 'C' ? String(value).padStart(2, '0') : String.fromCharCode(value + 32);
  }
  return text;
}
