/**
 * Field limits, generated from the contract: every string,
 * number and list of every call's body and query is sent just past its limit
 * and must answer 400 naming that field. A new field is covered by being in a
 * schema; a field without a limit fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { calls, pathFor, type Call, type CallName } from '#contract/calls.ts';
import { ErrorBody, LIMITS } from '#contract/schemas.ts';
import { MAX_FORM_BODY, MAX_JSON_BODY } from '../../api/bodies.ts';
import { QARSHI_ADDRESS, startTestApi, type TestApi } from './helpers.ts';

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Leaf {
  path: string[];
  schema: JsonSchema;
}

const inputSchema = (schema: z.core.$ZodType) => z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;

/** Every leaf (string, number, list, enum) of a schema, with its path. */
function leaves(schema: JsonSchema, path: string[] = []): Leaf[] {
  if (schema.anyOf) return schema.anyOf.filter((s) => s.type !== 'null').flatMap((s) => leaves(s, path));
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, child]) => leaves(child, [...path, key]));
  return [{ path, schema }];
}

/** The inputs of every call: its body and its query, as [call, where, leaf]. */
const inputs = (Object.entries(calls) as [CallName, Call][]).flatMap(([name, call]) =>
  (['body', 'query'] as const).flatMap((where) => {
    const schema = call[where];
    return schema ? leaves(inputSchema(schema)).map((leaf) => ({ name, call, where, leaf })) : [];
  }),
);

/** What is wrong with a leaf's limits, if anything. */
function missingLimit({ schema }: Leaf): string | null {
  if (schema.enum || schema.const !== undefined) return null;
  if (schema.type === 'string') return schema.maxLength === undefined ? 'a string without maxLength' : null;
  if (schema.type === 'number' || schema.type === 'integer') {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    return low === undefined || high === undefined ? 'a number without a range' : null;
  }
  if (schema.type === 'array') return schema.maxItems === undefined ? 'a list without maxItems' : null;
  return schema.type === 'boolean' || schema.type === 'null' ? null : `an unknown ${schema.type ?? 'schema'}`;
}

const sample = (schema: JsonSchema | undefined): unknown =>
  schema?.type === 'string' ? 'a' : schema?.type === 'integer' || schema?.type === 'number' ? 1 : null;

/** Values just past the leaf's limits. */
function pastLimits({ schema }: Leaf): { label: string; value: unknown }[] {
  const cases: { label: string; value: unknown }[] = [];
  if (schema.type === 'string' && schema.maxLength !== undefined)
    cases.push({ label: `${schema.maxLength + 1} characters`, value: 'a'.repeat(schema.maxLength + 1) });
  if (schema.type === 'number' || schema.type === 'integer') {
    const high = schema.maximum !== undefined ? schema.maximum + 1 : schema.exclusiveMaximum;
    const low = schema.minimum !== undefined ? schema.minimum - 1 : schema.exclusiveMinimum;
    if (high !== undefined) cases.push({ label: `${high}`, value: high });
    if (low !== undefined) cases.push({ label: `${low}`, value: low });
  }
  if (schema.type === 'array' && schema.maxItems !== undefined)
    cases.push({
      label: `${schema.maxItems + 1} items`,
      value: Array.from({ length: schema.maxItems + 1 }, () => sample(schema.items)),
    });
  return cases;
}

function nested(path: string[], value: unknown): Record<string, unknown> {
  const [head = '', ...rest] = path;
  return { [head]: rest.length ? nested(rest, value) : value };
}

let api: TestApi;
let token: string;
/** The review form is checked after who may send it: a product this shopper may review, and a review of theirs. */
let reviewable: number;
let review: number;
beforeAll(async () => {
  api = await startTestApi({ products: 10 });
  token = (await api.signIn('+998990000001')).access;
  const products = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body).results;
  const items = [];
  for (const product of products.filter((p) => p.stock >= 1).slice(0, 2)) {
    const feature = product.features.find((f) => f.count >= 1)?.id ?? null;
    const body = { product: product.id, quantity: 1, feature };
    items.push((await api.call('/orders/add-basket/', { method: 'POST', token, body })).body.id);
  }
  const order = await api.call('/orders/', {
    method: 'POST',
    token,
    body: {
      items,
      address: QARSHI_ADDRESS,
      payment_method: 'cash',
      customer_name: 'A',
      customer_phone: '+998990000001',
    },
  });
  await api.call(`/__test__/orders/${order.body.id}/status`, { method: 'POST', body: { status: 'delivered' } });
  const pending = (await api.call('/required-comments/', { token })).body as { product: { id: number } }[];
  const [first, second] = pending.map((p) => p.product.id);
  if (first === undefined || second === undefined) throw new Error('no two products to review');
  reviewable = first;
  review = (await api.call('/comments/', { method: 'POST', token, form: reviewForm({ product: second }) })).body.id;
});

/** A valid review form, with `change` on top. */
function reviewForm(change: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ rating: 4, advantage: 'a', shortcoming: 'b', comment: 'c', ...change }))
    form.set(key, String(value));
  return form;
}
afterAll(() => api.stop());

describe('field limits', () => {
  it('every string, number and list a request can carry has a limit in the contract', () => {
    const missing = inputs.flatMap(({ name, where, leaf }) => {
      const problem = missingLimit(leaf);
      return problem ? [`${name} ${where} ${leaf.path.join('.') || '(whole)'}: ${problem}`] : [];
    });
    expect(missing).toEqual([]);
    // The walk sees these known fields, so it is not passing on an empty list.
    const seen = (name: CallName, path: string) =>
      inputs.find((i) => i.name === name && i.leaf.path.join('.') === path)?.leaf.schema;
    expect(seen('updateProfile', 'first_name')?.maxLength).toBe(LIMITS.name);
    expect(seen('placeOrder', 'address.street')?.maxLength).toBe(LIMITS.addressPart);
    expect(seen('placeOrder', 'address.display_name')?.maxLength).toBe(LIMITS.displayName);
    expect(seen('createComment', 'comment')?.maxLength).toBe(LIMITS.reviewText);
    expect(seen('searchProducts', 'q')?.maxLength).toBe(LIMITS.searchQuery);
  });

  const cases = inputs.flatMap(({ name, call, where, leaf }) =>
    pastLimits(leaf).map(({ label, value }) => ({
      name,
      call,
      where,
      field: leaf.path.join('.'),
      path: leaf.path,
      label,
      value,
    })),
  );

  it('generates a case for every limited field', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases)(
    '$name $where $field: $label answers 400 naming the field',
    async ({ call, where, path, field, value }) => {
      const form = call === calls.createComment || call === calls.updateComment;
      let url = pathFor(call.path, { id: call === calls.updateComment ? review : 1, address: 'x' });
      let body: unknown;
      if (where === 'query') url += `?${new URLSearchParams({ [field]: String(value) })}`;
      else body = nested(path, value);
      const res = await api.call(url, {
        method: call.method,
        ...(call.auth ? { token } : {}),
        ...(form
          ? { form: reviewForm({ ...(call === calls.createComment ? { product: reviewable } : {}), [field]: value }) }
          : body
            ? { body }
            : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(ErrorBody.parse(res.body).errors?.[field]?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
    },
  );
});

describe('body size caps', () => {
  it('refuses a JSON body over its cap with 413, such as a 24 MB display name', async () => {
    expect(MAX_JSON_BODY).toBeLessThan(MAX_FORM_BODY / 100);
    const huge = { address: { display_name: 'x'.repeat(24 * 1024 * 1024) } };
    const res = await api.call('/users/profile/', { method: 'PATCH', token, body: huge });
    expect(res.status).toBe(413);
    expect(ErrorBody.parse(res.body).detail).toMatch(/too large/);
    const small = await api.call('/users/auth/', {
      method: 'POST',
      raw: JSON.stringify({ x: 'y'.repeat(MAX_JSON_BODY) }),
    });
    expect(small.status).toBe(413);
  });

  it('lets the review form carry more than a JSON body may', async () => {
    const form = new FormData();
    form.set('rating', '4');
    form.set('comment', 'x'.repeat(2000));
    form.append('images', new Blob([new Uint8Array(MAX_JSON_BODY * 2)], { type: 'image/png' }), 'big.png');
    // Past the cap the body is read: the answer is about the review (none of this user's), not the size.
    const res = await api.call('/comments/999/', { method: 'PUT', token, form });
    expect(res.status).toBe(404);
  });

  it('states the limits in the OpenAPI document', async () => {
    const doc = (await api.call('/openapi.json')).body;
    const profile = doc.paths['/api/v1/users/profile/'].patch.requestBody.content['application/json'].schema;
    expect(profile.properties.first_name.maxLength).toBe(LIMITS.name);
    const search = doc.paths['/api/v1/products/search-product/'].get.parameters.find(
      (p: { name: string }) => p.name === 'q',
    );
    expect(search.schema.maxLength).toBe(LIMITS.searchQuery);
  });
});
