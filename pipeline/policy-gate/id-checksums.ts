/**
 * Check digits that tell a real identifier from a number that only has its length: Luhn for
 * payment cards, Verhoeff for Aadhaar (UIDAI puts a Verhoeff check digit last). Both take the
 * identifier's digits only (ASCII, no separators).
 */

/** Luhn (ISO/IEC 7812): from the right, every second digit doubled, the sum a multiple of 10. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

// Verhoeff's tables: multiplication in the dihedral group D5, and the position permutation.
const d5 = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7], [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3], [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const permutation = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7], [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff: the digits, check digit last, fold to 0. Catches every single-digit error and
 *  every swap of adjacent digits, which Luhn does not. */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    c = d5[c]![permutation[i % 8]![digits.charCodeAt(digits.length - 1 - i) - 48]!]!;
  }
  return c === 0;
}

export const checksums = { luhn: luhnValid, verhoeff: verhoeffValid } as const;
export type ChecksumName = keyof typeof checksums;
