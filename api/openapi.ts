/**
 * The OpenAPI 3.1 document of /api/v1, generated from `calls` so it cannot
 * drift from the contract. The reference API serves it at /api/v1/openapi.json.
 */
import { z } from 'zod/mini';
import { API_PREFIX, calls, type Call } from '#contract/calls.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, REVIEW_MAX_IMAGES } from '#contract/reviews.ts';
import { ErrorBody } from '#contract/schemas.ts';

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function operation(name: string, call: Call) {
  const parameters: JsonSchema[] = [...call.path.matchAll(/:(\w+)/g)].map(([, param]) => ({
    name: param,
    in: 'path',
    required: true,
    schema: param === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' },
  }));
  if (call.query) {
    const query = jsonSchema(call.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [param, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name: param, in: 'query', required: query.required?.includes(param) ?? false, schema });
    }
  }
  parameters.push({
    name: 'Accept-Language',
    in: 'header',
    required: false,
    schema: { type: 'string', enum: ['uz', 'ru'], default: 'uz' },
  });

  const op: JsonSchema = { operationId: name, summary: call.summary, parameters };
  if (call.body) {
    const body = jsonSchema(call.body, 'input');
    op['requestBody'] = {
      required: call.method !== 'DELETE',
      content: call.multipart
        ? {
            // The fields and the image files; an edit may also come as a JSON body with the fields alone.
            'multipart/form-data': {
              schema: {
                ...body,
                properties: {
                  ...(body['properties'] as JsonSchema | undefined),
                  images: {
                    type: 'array',
                    maxItems: REVIEW_MAX_IMAGES,
                    items: { type: 'string', format: 'binary' },
                    description: `Up to ${REVIEW_MAX_IMAGES} images of at most ${MAX_IMAGE_BYTES} bytes each, recognised by their bytes`,
                  },
                },
              },
              encoding: { images: { contentType: IMAGE_TYPES.join(', ') } },
            },
            ...(name === 'createComment' ? {} : { 'application/json': { schema: body } }),
          }
        : { 'application/json': { schema: body } },
    };
  }
  const responses: JsonSchema = call.answer
    ? {
        [String(call.status ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(call.answer, 'output') } },
        },
      }
    : { '204': { description: 'Done' } };
  responses['400'] = errorResponse('Invalid input: `errors` holds the messages per field');
  if (call.path.includes(':')) responses['404'] = errorResponse('Not found');
  if (call.auth) {
    responses['401'] = errorResponse('Missing, invalid or expired token');
    op['security'] = call.auth === 'required' ? [{ bearerAuth: [] }] : [{ bearerAuth: [] }, {}];
  }
  if (call.body) responses['413'] = errorResponse('The request body is over its size cap');
  // Every call spends from a rate-limit budget; the sign-in calls also have the countdown and the phone lock.
  responses['429'] = errorResponse('Too many requests: wait `retry_after` seconds (also the Retry-After header)');
  op['responses'] = responses;
  return op;
}

export function buildOpenApi(): object {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, call] of Object.entries(calls) as [string, Call][]) {
    const path = API_PREFIX + call.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[call.method.toLowerCase()] = operation(name, call);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bozor storefront API',
      version: '1.0.0',
      description: 'Bilingual (uz/ru) marketplace storefront API. Pick the language with Accept-Language.',
    },
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
