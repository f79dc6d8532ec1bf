/**
 * docs/openapi.yaml against the code: every route the API registers is documented, nothing
 * documented is missing from the code, and the documented schemas match what the code returns.
 */
import { expect } from 'chai';
import { load } from 'js-yaml';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oauthErrorCode } from '../../src/api/oauth-errors';
import { errorCatalogue, type ErrorCode } from '../../src/errors';
import { toResource } from '../../src/workflows/workflow-store';

const root = join(__dirname, '..', '..');
const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  security?: Record<string, string[]>[];
  'x-internal'?: boolean;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, Response>;
}
interface Response {
  $ref?: string;
  content?: Record<string, { schema: { $ref?: string } }>;
}
interface Schema {
  properties?: Record<string, { enum?: unknown[] }>;
  required?: string[];
  allOf?: Schema[];
}
type Spec = {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof methods)[number], Operation>>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
};


/** Path parameter names are not part of a route's identity (OpenAPI treats them the same way). */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function registeredRoutes(): string[] {
  const dir = join(root, 'src', 'api', 'routes');
  const found: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const source = readFileSync(join(dir, file), 'utf8');
    for (const m of source.matchAll(/router\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)) {
      found.push(`${m[1]!.toUpperCase()} ${shape(m[2]!.replace(/:(\w+)/g, '{$1}'))}`);
    }
  }
  return found.sort();
}

function documentedRoutes(spec: Spec): string[] {
  return Object.entries(spec.paths)
    .flatMap(([path, item]) => methods.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${shape(path)}`))
    .sort();
}

describe('docs/openapi.yaml', () => {
  let spec: Spec;
  before(() => {
    spec = load(readFileSync(join(root, 'docs', 'openapi.yaml'), 'utf8')) as Spec;
  });

  it('is OpenAPI 3.1', () => {
    expect(spec.openapi).to.match(/^3\.1\./);
  });

  it('documents exactly the routes the API registers', () => {
    const registered = registeredRoutes();
    expect(registered.length, 'routes found in src/api/routes').to.be.greaterThan(5);
    expect(documentedRoutes(spec)).to.deep.equal(registered);
  });

  it('requires workflow:read on the workflow reads and no token on the token endpoint', () => {
    expect(spec.paths['/v1/workflows']!.get!.security).to.deep.equal([{ bearerAuth: ['workflow:read'] }]);
    expect(spec.paths['/v1/workflows/{workflow_id}']!.get!.security).to.deep.equal([{ bearerAuth: ['workflow:read'] }]);
    expect(spec.paths['/v1/auth/token']!.post!.security).to.deep.equal([]);
  });

  it('marks the infrastructure endpoints as outside the partner contract', () => {
    for (const path of ['/health', '/ready', '/metrics']) expect(spec.paths[path]!.get!['x-internal'], path).to.equal(true);
  });

  it('documents the list query parameters the route reads', () => {
    const names = spec.paths['/v1/workflows']!.get!.parameters!.map((p) => p.name).sort();
    expect(names).to.deep.equal(['claim_id_hash', 'cursor', 'limit', 'order', 'started_after', 'started_before', 'status', 'type', 'workflow_type']);
  });

  it('gives the Workflow schema exactly the fields the API returns', () => {
    const returned = toResource({ workflow_id: 'wf-0-0123456789abcdef0123', tenant_id: 'acme', status: 'started', started_at: '0', updated_at: '0' });
    const schema = spec.components.schemas.Workflow!;
    expect(Object.keys(schema.properties!).sort()).to.deep.equal(Object.keys(returned).sort());
    expect([...schema.required!].sort()).to.deep.equal(Object.keys(returned).sort());
  });

  it('has every $ref pointing at something that exists', () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else walk(value);
        }
      }
    };
    walk(spec);
    expect(refs.length).to.be.greaterThan(10);
    const dangling = refs.filter((ref) => {
      let target: unknown = spec;
      for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Record<string, unknown> | undefined)?.[part];
      return target === undefined;
    });
    expect(dangling).to.deep.equal([]);
  });

  it('documents the OAuth endpoints\' errors in both media types with the OAuthError schema, and every other partner error as problem+json only', () => {
    const oauthPaths = ['/v1/auth/token', '/v1/auth/introspect', '/v1/auth/revoke'];
    const resolve = (r: Response) => (r.$ref ? spec.components.responses[r.$ref.split('/').pop()!]! : r);
    let checked = 0;
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of methods) {
        for (const [status, response] of Object.entries(item[method]?.responses ?? {})) {
          if (Number(status) < 400) continue;
          const content = resolve(response).content ?? {};
          const where = `${method.toUpperCase()} ${path} ${status}`;
          if (oauthPaths.includes(path)) {
            checked += 1;
            expect(Object.keys(content).sort(), where).to.deep.equal(['application/json', 'application/problem+json']);
            for (const media of Object.values(content)) expect(media.schema.$ref, where).to.equal('#/components/schemas/OAuthError');
          } else if (path.startsWith('/v1/')) {
            expect(Object.keys(content), where).to.not.include('application/json');
          }
        }
      }
    }
    expect(checked, 'error responses on the OAuth endpoints').to.be.greaterThan(6);
  });

  it('lists in OAuthError every RFC 6749 error the OAuth endpoints can answer', () => {
    const produced = new Set(Object.entries(errorCatalogue).map(([code, entry]) => oauthErrorCode(code as ErrorCode, entry.status)));
    const members = spec.components.schemas.OAuthError!.allOf![1]!;
    expect([...(members.properties!.error!.enum as string[])].sort()).to.deep.equal([...produced].sort());
    expect(members.required).to.have.members(['error', 'error_description']);
  });

  it('lists every error code of the catalogue in the Problem schema', () => {
    const codes = spec.components.schemas.Problem!.properties!.error_code!.enum as string[];
    expect([...codes].sort()).to.deep.equal(Object.keys(errorCatalogue).sort());
  });
});
