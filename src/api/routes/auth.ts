/** `POST /v1/auth/token` (client_credentials) and the public keys at `/.well-known/jwks.json`. */
import Router from '@koa/router';
import { AppError } from '../../errors';
import { ref } from '../../phi';
import type { Services } from '../../services';
import { readForm } from '../body';

export function authRoutes(s: Services): Router {
  const router = new Router();
  router.post('/v1/auth/token', async (ctx) => {
    const body = await readForm(ctx).catch((err: unknown) => {
      // Stock OAuth2 clients read `error`: give it to body errors too.
      if (err instanceof AppError) throw new AppError(err.code, err.message, { extra: { error: 'invalid_request' } });
      throw err;
    });
    const grant = body.grant_type;
    if (grant !== 'client_credentials') {
      throw new AppError(grant === undefined ? 'invalid_request' : 'unsupported_grant_type', 'grant_type must be client_credentials',
        { extra: { error: grant === undefined ? 'invalid_request' : 'unsupported_grant_type' } });
    }
    const { client_id: clientId, client_secret: clientSecret, scope } = body;
    if (typeof clientId !== 'string' || typeof clientSecret !== 'string' || clientId === '' || clientSecret === '') {
      throw new AppError('invalid_request', 'client_id and client_secret are required', { extra: { error: 'invalid_request' } });
    }
    if (scope !== undefined && typeof scope !== 'string') throw new AppError('invalid_request', 'scope must be a string', { extra: { error: 'invalid_request' } });
    try {
      ctx.body = await s.tokens.clientCredentials(clientId, clientSecret, scope, s.clock.now());
    } catch (err) {
      if (err instanceof AppError && err.code === 'invalid_client') s.log.warn({ client_ref: ref(clientId) }, 'token refused: client authentication failed');
      throw err;
    }
    ctx.set('Cache-Control', 'no-store');
  });
  router.get('/.well-known/jwks.json', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = await s.signing.jwks();
  });
  return router;
}
