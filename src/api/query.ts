/** Query-string parameters as the routes read them: one value each, with 400s that say what is wrong. */
import type { Context } from 'koa';
import { AppError } from '../errors';

/** A single-valued parameter; absent or empty is undefined, repeated is a 400. */
export function queryParam(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw new AppError('invalid_request', `${name} given more than once`);
  return value === undefined || value === '' ? undefined : value;
}

/** An ISO 8601 date-time parameter, in ms. */
export function queryTime(ctx: Context, name: string): number | undefined {
  const value = queryParam(ctx, name);
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new AppError('invalid_request', `${name} must be an ISO 8601 date-time`);
  return ms;
}
