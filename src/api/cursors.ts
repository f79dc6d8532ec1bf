/**
 * Page cursors: opaque to clients (base64url of a position this API wrote), checked in full when
 * they come back. Anything that is not exactly a position this API could have written is 400
 * `invalid_cursor`, before it reaches Redis: a forged number too large for a stream id or a
 * score used to end as a 500.
 */
import { AppError } from '../errors';

/** Digits of a number the cursors carry: a millisecond time or a sequence, kept below 2^53. */
const safeNumber = /^(0|[1-9]\d{0,15})$/;

export function encodeCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

/** The cursor's parts as `pattern` captures them (the whole position when it has no groups), or 400 `invalid_cursor`. */
export function decodeCursor(value: string, pattern: RegExp): string[] {
  const invalid = () => new AppError('invalid_cursor', 'cursor is not one this API returned');
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(value)) throw invalid();
  const match = pattern.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) throw invalid();
  return match.length > 1 ? match.slice(1) : [match[0]];
}

/** A number part of a cursor (already matched as digits), or 400 `invalid_cursor` when it is out of range. */
export function cursorNumber(digits: string): number {
  if (!safeNumber.test(digits) || !Number.isSafeInteger(Number(digits))) throw new AppError('invalid_cursor', 'cursor is not one this API returned');
  return Number(digits);
}
