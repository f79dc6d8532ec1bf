/** jsonCopy (src/runtime/json-copy.ts): what a fused stage receives equals the payload passed through JSON text. */
import { expect } from 'chai';
import fc from 'fast-check';
import { jsonCopy } from '../../src/runtime/json-copy';

/** What JSON gives for `value`: the value, or the error it throws. */
function viaJson(value: unknown): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch (err) {
    return { error: (err as Error).constructor.name };
  }
}

function viaCopy(value: unknown): { value: unknown } | { error: string } {
  try {
    return { value: jsonCopy(value) };
  } catch (err) {
    return { error: (err as Error).constructor.name };
  }
}

/** Equal as JSON gives it: same values (-0 apart from 0), same key order, plain prototypes, nothing shared with the source. */
function expectSame(source: unknown, copy: unknown, expected: unknown): void {
  expect(copy).to.deep.equal(expected);
  expect(JSON.stringify(copy)).to.equal(JSON.stringify(expected));
  const walk = (c: unknown, e: unknown, s: unknown): void => {
    // (deep.equal takes -0 for 0)
    if (typeof c === 'number') expect(Object.is(c, e), `${c} and ${String(e)}`).to.equal(true);
    if (typeof c !== 'object' || c === null) return;
    if (c === s) expect.fail('the copy shares an object with its source');
    expect(Object.getPrototypeOf(c)).to.equal(Object.getPrototypeOf(e));
    expect(Object.keys(c)).to.deep.equal(Object.keys(e as object));
    for (const key of Object.keys(c)) {
      const from = typeof s === 'object' && s !== null ? (s as Record<string, unknown>)[key] : undefined;
      walk((c as Record<string, unknown>)[key], (e as Record<string, unknown>)[key], from);
    }
  };
  walk(copy, expected, source);
}

describe('jsonCopy: a fused stage\'s payload, as its stream would give it back', () => {
  it('equals JSON.parse(JSON.stringify(v)) for any value: the same result, or the same error', () => {
    fc.assert(fc.property(
      fc.anything({
        withBigInt: true, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true,
        withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true, maxDepth: 5,
      }),
      (value) => {
        const expected = viaJson(value);
        const got = viaCopy(value);
        if ('error' in expected) {
          expect(got).to.deep.equal(expected);
          return;
        }
        expect(got).to.have.property('value');
        expectSame(value, (got as { value: unknown }).value, expected.value);
      },
    ), { numRuns: 2000 });
  });

  it('changes what JSON changes: undefined and functions left out or null, non-finite numbers null, -0 is 0, integer keys first', () => {
    const source = { a: undefined, b: () => 1, s: Symbol('s'), c: NaN, d: -0, e: [undefined, () => 1, Infinity, -0, [-0]], 10: 'ten', 2: 'two', z: 'last' };
    const copy = jsonCopy(source);
    expectSame(source, copy, JSON.parse(JSON.stringify(source)));
    expect(Object.keys(copy)).to.deep.equal(['2', '10', 'c', 'd', 'e', 'z']);
    expect(Object.is((copy as unknown as { d: number }).d, 0)).to.equal(true);
  });

  it('gives what JSON gives for a Date, an object with toJSON, a Map and a class instance anywhere inside', () => {
    class Claim { constructor(readonly id: string) {} }
    for (const inner of [new Date(0), { toJSON: () => 'mine' }, new Map([[1, 2]]), new Claim('C1'), Object.assign([1], { toJSON: () => 'list' })]) {
      const source = { a: 1, nested: { list: [inner], inner } };
      expectSame(source, jsonCopy(source), JSON.parse(JSON.stringify(source)));
    }
  });

  it('keeps a __proto__ key a field, as JSON does, and never sets the copy\'s prototype from it', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<string, unknown>;
    const copy = jsonCopy(source);
    expect(Object.getPrototypeOf(copy)).to.equal(Object.prototype);
    expect(Object.keys(copy)).to.deep.equal(['__proto__', 'x']);
    expect((copy as { polluted?: boolean }).polluted).to.equal(undefined);
  });

  it('throws what JSON throws for a cycle and a BigInt', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(() => jsonCopy(cycle)).to.throw(TypeError);
    expect(() => jsonCopy({ n: 1n })).to.throw(TypeError);
  });

  it('copies a plain payload without sharing anything with it', () => {
    const source = { channel: 'whatsapp', from: '+919700000001', claim: { id: 'C1', amounts: [1, 2.5], documents: [{ code: 'D1', received: true }] }, reply: null };
    const copy = jsonCopy(source);
    expectSame(source, copy, JSON.parse(JSON.stringify(source)));
    copy.claim.documents[0]!.received = false;
    expect(source.claim.documents[0]!.received).to.equal(true);
  });
});
