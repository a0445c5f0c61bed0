// Ecuador's identity numbers: the cédula (10 digits, modulo-10 check digit) and the RUC
// (13 digits: a person's cédula + 001, or a company's modulo-11 number + 001/0001).

function provinceOk(digits: string): boolean {
  const province = Number(digits.slice(0, 2));
  return (province >= 1 && province <= 24) || province === 30;
}

function cedulaCheckOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let product = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[9]);
}

function modulo11Ok(digits: string, weights: number[]): boolean {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const rest = sum % 11;
  const check = rest === 0 ? 0 : 11 - rest;
  return check === Number(digits[weights.length]);
}

export function isCedulaValid(value: string): boolean {
  return (
    /^\d{10}$/.test(value) && provinceOk(value) && Number(value[2]) < 6 && cedulaCheckOk(value)
  );
}

export function isRucValid(value: string): boolean {
  if (!/^\d{13}$/.test(value) || !provinceOk(value)) return false;
  const third = Number(value[2]);
  if (third < 6) return cedulaCheckOk(value) && value.endsWith('001') && value !== '0000000000001';
  if (third === 6) return modulo11Ok(value, [3, 2, 7, 6, 5, 4, 3, 2]) && value.endsWith('0001');
  if (third === 9) return modulo11Ok(value, [4, 3, 2, 7, 6, 5, 4, 3, 2]) && value.endsWith('001');
  return false;
}

/** A cédula or a RUC with valid check digits. */
export function isEcuadorIdValid(value: string): boolean {
  return isCedulaValid(value) || isRucValid(value);
}
