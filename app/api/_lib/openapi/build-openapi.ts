import { z } from 'zod';

/**
 * The OpenAPI 3.1 description of the whole REST contract (issue #16), generated from what every
 * handler declared to its wrapper: route() records `{auth, spec: {params, query, body}}` on the
 * handler and apiKeyRoute() `{auth: 'apiKey', spec: {body, responses, …}}`. Nothing here is
 * written per route, so a route converted or added later is described as soon as it is in the
 * manifest (scripts/gen-openapi-manifest.mjs; a test fails while it is not).
 */
export type RouteModule = Record<string, unknown>;
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

type Declared = {
  auth?: string;
  spec?: {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType | 'raw';
    summary?: string;
    description?: string;
    responses?: Record<string, z.ZodType>;
    errorResponse?: z.ZodType;
    response?: z.ZodType;
  };
};

type JsonSchema = Record<string, unknown>;
export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-auth': string;
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
  components: Record<string, unknown>;
};

/** `/api/users/[id]` → `/api/users/{id}`; a catch-all `[...slug]` → `{slug}`. */
export function openApiPath(template: string): string {
  return template.replace(/\[+\.{0,3}([^\]]+)\]+/g, '{$1}');
}

/** A zod schema as the JSON Schema of what a client sends (input side; transforms are described by their input). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** A zod schema of an answer as JSON Schema (output side). */
function answerSchemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const SECURITY: Record<string, Record<string, string[]>[]> = {
  public: [],
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  user: [{ bearerAuth: [] }, { sessionCookie: [] }],
  admin: [{ bearerAuth: [] }, { sessionCookie: [] }],
  apiKey: [{ apiKeyField: [] }, { apiKeyHeader: [] }],
};

const AUTH_TEXT: Record<string, string> = {
  public: 'Public.',
  optional: 'Public; a logged-in caller may get more.',
  user: 'Any logged-in account (401 UNAUTHORIZED otherwise).',
  admin: 'An admin-login session (401 for a visitor, 403 FORBIDDEN for anyone else).',
  apiKey: 'An API key in the `key` field (or an X-Api-Key header).',
};

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Operation['parameters'] {
  if (!schema) return [];
  const js = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

function operationOf(template: string, method: Method, handler: Declared): Operation {
  const auth = handler.auth ?? 'none';
  const spec = handler.spec ?? {};
  const segments = template.split('/').filter(Boolean);
  const tag = segments[1]?.replace(/^\[+\.{0,3}|\]+$/g, '') ?? 'api';
  const op: Operation = {
    operationId: `${method.toLowerCase()}${openApiPath(template).replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: spec.summary ?? `${method} ${openApiPath(template)}`,
    tags: [tag],
    security: SECURITY[auth] ?? [],
    'x-auth': auth,
    description: [spec.description, AUTH_TEXT[auth] ?? (auth === 'none' ? 'Not made by route(): see test/access/table.ts ROUTES_WITHOUT_WRAPPER.' : '')]
      .filter(Boolean)
      .join('\n\n'),
    responses: {},
  };
  const pathParams = [...template.matchAll(/\[+\.{0,3}([^\]]+)\]+/g)].map((m) => m[1]!);
  const declaredPath = parametersOf(spec.params, 'path') ?? [];
  const path = pathParams.map((name) => declaredPath.find((p) => p.name === name) ?? { name, in: 'path' as const, required: true, schema: { type: 'string' } });
  const params = [...path, ...(parametersOf(spec.query, 'query') ?? [])];
  if (params.length) op.parameters = params;

  if (auth === 'apiKey' && spec.body && spec.body !== 'raw') {
    const body = { allOf: [{ type: 'object', properties: { key: { type: 'string', description: 'Your API key.' } }, required: ['key'] }, jsonSchemaOf(spec.body)] };
    op.requestBody = { required: true, content: { 'application/x-www-form-urlencoded': { schema: body }, 'multipart/form-data': { schema: body }, 'application/json': { schema: body } } };
    const answers = Object.entries(spec.responses ?? {}).map(([action, schema]) => ({ title: action, ...jsonSchemaOf(schema) }));
    const refusal = spec.errorResponse ? jsonSchemaOf(spec.errorResponse) : { $ref: '#/components/schemas/ProtocolError' };
    op.responses = {
      '200': {
        description: 'The answer of the action (see each `title`), or a refusal `{error, code}` (issue #33: the protocol answers refusals with HTTP 200).',
        content: { 'application/json': { schema: { oneOf: [...answers, { title: 'refusal', ...refusal }] } } },
      },
      '4XX': { description: 'A body that cannot be read (MALFORMED_JSON, PAYLOAD_TOO_LARGE, REQUEST_ABORTED).', content: { 'application/json': { schema: refusal } } },
      '5XX': { description: 'A fault of ours (INTERNAL, TEMPORARILY_UNAVAILABLE with Retry-After).', content: { 'application/json': { schema: refusal } } },
    };
    return op;
  }

  if (spec.body === 'raw') {
    op.requestBody = { required: true, content: { 'application/json': { schema: { description: 'Read as raw text (its signature covers the exact bytes).' } } } };
  } else if (spec.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(spec.body) } } };
  }
  const success = spec.response ? { allOf: [{ $ref: '#/components/schemas/Success' }, answerSchemaOf(spec.response)] } : { $ref: '#/components/schemas/Success' };
  op.responses = {
    '200': { description: 'Success: `success: true` and the fields of the call (§7 names).', content: { 'application/json': { schema: success } } },
    '4XX': { $ref: '#/components/responses/Error' },
    '5XX': { $ref: '#/components/responses/Error' },
  };
  return op;
}

export async function buildOpenApi(modules: { path: string; load: () => Promise<RouteModule> }[], options: { serverUrl: string }): Promise<OpenApiDocument> {
  const paths: OpenApiDocument['paths'] = {};
  for (const { path: template, load } of modules) {
    const mod = await load();
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler !== 'function') continue;
      // A file serving concrete paths from data (routeByPath: the registry's sends) is described
      // path by path, each with what its own handler declared; its unknown paths are the 404 of any.
      const concrete = (handler as { paths?: ReadonlyMap<string, Declared> }).paths;
      for (const [path, declared] of concrete ? [...concrete] : [[template, handler as Declared] as const]) {
        const key = openApiPath(path);
        paths[key] ??= {};
        paths[key][method.toLowerCase() as Lowercase<Method>] = operationOf(path, method, declared);
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Etkileşim API',
      version: '1',
      description:
        'The REST contract of §7 and the additions since, generated from the zod schemas each handler declares. Answers are `{success: true, …}`; refusals `{success: false, mesaj, code}` with the status of the code. The reseller protocol (POST /api/v2) answers in its own shape: docs/reseller-api.md.',
    },
    servers: [{ url: options.serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of POST /api/auth/login (or /api/auth/admin-login for admin routes).' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token', description: 'The browser session of the site (same-origin requests only).' },
        apiKeyField: { type: 'apiKey', in: 'query', name: 'key', description: 'Reseller API key, sent as the `key` field of the form or JSON body (documented as a query parameter because OpenAPI has no body location).' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Reseller API key as a header instead of the `key` field.' },
      },
      schemas: {
        Success: { type: 'object', properties: { success: { const: true } }, required: ['success'], additionalProperties: true },
        Error: {
          type: 'object',
          properties: {
            success: { const: false },
            mesaj: { type: 'string', description: 'Localized message (?lng=, X-Locale, NEXT_LOCALE, Accept-Language; Turkish by default).' },
            code: { type: 'string', description: 'One of the ErrorCode values (lib/infra/errors.ts).' },
            errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, mesaj: { type: 'string' } } } },
          },
          required: ['success', 'mesaj', 'code'],
          additionalProperties: true,
        },
        ProtocolError: { type: 'object', properties: { error: { type: 'string' }, code: { type: 'string' } }, required: ['error', 'code'] },
      },
      responses: { Error: { description: 'A refusal.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
    },
  };
}
