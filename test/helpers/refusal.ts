/**
 * The AppError an action is refused with: awaits `promise`, fails the test unless it rejects with
 * an AppError, and answers that error so the test can check its code and details.
 */
import { expect } from 'chai';
import { AppError } from '../../src/errors';

export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    expect(err).to.be.instanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected the action to be refused');
}
