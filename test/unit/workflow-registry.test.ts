/**
 * A shipped workflow is its file in pipeline/workflows/ plus its data: every list that also names
 * the shipped workflows (the workflow types, the `Intent` union, the payload union's intents, the
 * phrases in pipeline/data/intent-templates.json, the OpenAPI `WorkflowType` enum and its text)
 * must say what the registry says, so that adding, renaming or removing a workflow without them
 * fails here instead of leaving one of them stale.
 *
 * The union types are checked by the compiler: each `satisfies Record<Union, true>` below fails
 * the type check (`npm test` runs it first) when the union gains a member the object lacks, or
 * loses one it has; the tests then compare the objects' keys with the registry at run time.
 */
import { expect } from 'chai';
import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Intent } from '../../pipeline/intents';
import type { WorkflowPayload } from '../../pipeline/types';
import { workflowTypes, type WorkflowType } from '../../pipeline/vocabulary';
import { registeredWorkflows } from '../../pipeline/workflows';

const root = join(__dirname, '..', '..');

/** The intent of a payload union member that names its own (a literal), never `string`. */
type MemberIntent<P> = P extends { intent: infer I } ? (string extends I ? never : I) : never;

/** The `Intent` union (what the router reads from a message), one key a member. */
const intentUnion = { claim_status: true, pending_documents: true, query_reason: true, human_handover: true } satisfies Record<Intent, true>;
/** The intents of the payload union's typed members (pipeline/types.ts), one key a member. */
const payloadIntents = {
  claim_status: true, pending_documents: true, documents_upload: true, query_reason: true, human_handover: true,
} satisfies Record<MemberIntent<WorkflowPayload>, true>;
/** The `WorkflowType` union, one key a member. */
const typeUnion = { 'claim-status': true, 'pending-documents': true, 'query-reason': true, 'human-handover': true } satisfies Record<WorkflowType, true>;

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();
const shipped = registeredWorkflows();
/** Every intent a registered workflow is started or reached by. */
const allIntents = (): string[] => sorted(shipped.flatMap((w) => [w.intent, ...(w.alsoIntents ?? []), ...(w.media ? [w.media.intent] : [])]));

describe('the workflow registry and the lists that name its workflows', () => {
  it('ships at least the three workflows, each of a type and intents of its own', () => {
    expect(shipped.length).to.be.greaterThanOrEqual(3);
    expect(new Set(shipped.map((w) => w.type)).size).to.equal(shipped.length);
  });

  it('the workflow types (pipeline/vocabulary.ts) are the registered types', () => {
    expect(sorted(workflowTypes)).to.deep.equal(sorted(shipped.map((w) => w.type)));
    expect(sorted(Object.keys(typeUnion))).to.deep.equal(sorted(shipped.map((w) => w.type)));
  });

  it('the Intent union is the registered workflows\' intents (what the router starts each by)', () => {
    expect(sorted(Object.keys(intentUnion))).to.deep.equal(sorted(shipped.map((w) => w.intent)));
  });

  it('the payload union has a typed member for each intent a registered workflow has, and none other', () => {
    expect(sorted(Object.keys(payloadIntents))).to.deep.equal(allIntents());
  });

  it('the intent templates (pipeline/data/intent-templates.json) phrase each registered intent, and no other', () => {
    const data = JSON.parse(readFileSync(join(root, 'pipeline', 'data', 'intent-templates.json'), 'utf8')) as { templates: { intent: string }[] };
    expect(sorted(data.templates.map((t) => t.intent))).to.deep.equal(sorted(shipped.map((w) => w.intent)));
  });

  it('the OpenAPI WorkflowType enum is the registered types, and its text names each and no other', () => {
    const spec = load(readFileSync(join(root, 'docs', 'openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { enum?: string[]; description?: string }> };
    };
    const schema = spec.components.schemas.WorkflowType!;
    expect(sorted(schema.enum ?? [])).to.deep.equal(sorted(shipped.map((w) => w.type)));
    const named = sorted([...(schema.description ?? '').matchAll(/`([a-z]+(?:-[a-z]+)+)`/g)].map((m) => m[1]!));
    expect(named).to.deep.equal(sorted(shipped.map((w) => w.type)));
  });
});
