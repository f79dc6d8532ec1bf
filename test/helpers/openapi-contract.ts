/**
 * Checks an HTTP answer against docs/openapi.yaml: the status is one the operation documents, the
 * media type is one that response lists (none when it lists no content), the body validates
 * against the response's schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it), and every
 * documented header that is required is there and matches its schema. Used by the contract test
 * (test/integration/contract.test.ts).
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

interface MediaType { schema?: unknown }
interface Header { $ref?: string; required?: boolean; schema?: unknown }
interface ResponseObject { $ref?: string; content?: Record<string, MediaType>; headers?: Record<string, Header> }
interface Operation { operationId: string; responses: Record<string, ResponseObject> }
interface Document {
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components: { responses?: Record<string, ResponseObject>; headers?: Record<string, Header> };
}

/** A JSON pointer token (RFC 6901). */
const token = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiContract {
  readonly doc: Document;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ReturnType<Ajv2020['compile']>>();

  constructor(file = join(__dirname, '..', '..', 'docs', 'openapi.yaml')) {
    this.doc = load(readFileSync(file, 'utf8')) as Document;
    addFormats(this.ajv);
    // The whole document is one schema resource, so `#/components/schemas/...` refs resolve.
    this.ajv.addSchema({ ...(this.doc as object), $id: 'openapi' }, undefined, undefined, false);
  }

  /** Every operation in the document: method, path template and operationId. */
  operations(): Array<{ method: HttpMethod; path: string; id: string }> {
    const out: Array<{ method: HttpMethod; path: string; id: string }> = [];
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const method of httpMethods) if (item[method]) out.push({ method, path, id: item[method]!.operationId });
    }
    return out;
  }

  /** What in the answer the document does not describe; empty when it conforms. */
  check(method: HttpMethod, path: string, status: number, headers: Headers, text: string): string[] {
    const operation = this.doc.paths[path]?.[method];
    if (!operation) return [`${method.toUpperCase()} ${path} is not in the document`];
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => operation.responses[k]);
    if (!key) return [`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
    let response = operation.responses[key]!;
    let base = `#/paths/${token(path)}/${method}/responses/${token(key)}`;
    if (response.$ref) {
      base = response.$ref;
      response = this.doc.components.responses![response.$ref.split('/').pop()!]!;
    }
    const problems: string[] = [];
    const mediaType = (headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!response.content) {
      if (text !== '') problems.push(`status ${status} documents no body, got ${mediaType || 'untyped'} ${JSON.stringify(text.slice(0, 80))}`);
    } else if (!response.content[mediaType]) {
      problems.push(`media type ${mediaType || '(none)'} is not documented for ${status} (documented: ${Object.keys(response.content).join(', ')})`);
    } else if (response.content[mediaType]!.schema !== undefined) {
      const value = /json$/.test(mediaType) ? parseJson(text) : text;
      if (value instanceof Error) problems.push(`body is not JSON: ${value.message}`);
      else problems.push(...this.validate(`${base}/content/${token(mediaType)}/schema`, value, 'body'));
    }
    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const header = declared.$ref ? this.doc.components.headers![declared.$ref.split('/').pop()!]! : declared;
      const value = headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      if (header.schema === undefined) continue;
      const pointer = declared.$ref ? `${declared.$ref}/schema` : `${base}/headers/${token(name)}/schema`;
      const typed = /^-?\d+$/.test(value) && (header.schema as { type?: string }).type === 'integer' ? Number(value) : value;
      problems.push(...this.validate(pointer, typed, `header ${name}`));
    }
    return problems;
  }

  private validate(pointer: string, value: unknown, what: string): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${what}${e.instancePath} ${e.message ?? 'invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    return err as Error;
  }
}
