/**
 * The OpenAPI 3.1 document of the whole API, generated from the operation table and its zod schemas (zod 4's
 * `z.toJSONSchema`): nothing here restates a field. Request bodies are converted as input (form fields are the
 * strings they arrive as), responses as output. Operations that share a path (`/searchIndexDocument`, Bearer or
 * project key) become one OpenAPI operation whose body is either request and whose security is either credential;
 * `x-operation-ids` lists the contract operations each OpenAPI operation stands for.
 */
import { z } from 'zod';
import { ErrorEnvelope, MessageOnlyEnvelope, successEnvelope } from './envelope.js';
import { operationWords } from './openapi-words.js';
import { type CredentialKind, type Operation, operations } from './operations.js';
import { AnthropicErrorBody, OpenAIErrorBody, ragErrorStatuses } from './requests/rag-errors.js';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.0';

/** The credentials of the Authentication section; the RAG key is the project key, sent either way. */
export const securitySchemes = {
  platformToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'api-v1-…',
    description: 'Platform API token (prefix `api-v1-`): `Authorization: Bearer <API_TOKEN>`.',
  },
  projectKey: {
    type: 'apiKey',
    in: 'header',
    name: 'api-key',
    description: 'Project API key (prefix `apk-`) of the Project Integration APIs.',
  },
  ragKeyBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'apk-…',
    description: 'RAG endpoints: the project API key as `Authorization: Bearer <PROJECT_API_KEY>`.',
  },
  ragKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'RAG endpoints: the project API key in `x-api-key`.',
  },
} as const;

type SchemeName = keyof typeof securitySchemes;

/** Alternatives (OR) of security requirements per credential kind of the operation table. */
const securityOf: Record<CredentialKind, SchemeName[]> = {
  'bearer-token': ['platformToken'],
  'project-key': ['projectKey'],
  'rag-key': ['ragKeyBearer', 'ragKeyHeader'],
};

const mediaTypes = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

/** One zod schema as a self-contained JSON Schema (2020-12, the dialect of OpenAPI 3.1). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

/** Error responses of the envelope families: the documented statuses, then the ones the fake assumes. */
const envelopeErrors: Record<string, string> = {
  '400':
    'Invalid params: the body does not match the operation (status assumed: the spec shows only the message).',
  '401': 'Invalid, expired, deactivated or revoked credential, or the token creator left the organization.',
  '403': 'Missing permission, role or project scope, or a plan without this API.',
  '404': 'Project, session or widget not found (status assumed).',
  '413': 'Request body too large (assumed limit of the fake).',
  '415': 'Unsupported content type for the operation (assumed).',
  '429': 'Rate limit exceeded (hourly cap).',
};
/** Operations that deduct credits answer 402 when the balance or the project limit is spent (assumed status). */
const billed = new Set(['sendMessage', 'playgroundAgentResponse']);

const ragErrorBodies: Record<string, z.ZodType> = {
  openaiChatCompletions: OpenAIErrorBody,
  anthropicMessages: AnthropicErrorBody,
};

function errorResponses(op: Operation): Record<string, Json> {
  if (op.family === 'rag') {
    const body = ragErrorBodies[op.id];
    if (!body) throw new Error(`no error body for ${op.id}`);
    const schema = jsonSchema(body, 'output');
    return Object.fromEntries(
      ragErrorStatuses.map((status) => [
        String(status),
        {
          description: `Native ${op.id.startsWith('openai') ? 'OpenAI' : 'Anthropic'} error (status ${status})`,
          content: { 'application/json': { schema } },
        },
      ]),
    );
  }
  const schema = { $ref: '#/components/schemas/ErrorEnvelope' };
  const statuses = {
    ...envelopeErrors,
    ...(billed.has(op.id) ? { '402': 'Insufficient credits (assumed).' } : {}),
  };
  return Object.fromEntries(
    Object.entries(statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, description]) => [status, { description, content: { 'application/json': { schema } } }]),
  );
}

function successBody(op: Operation): Json {
  if (op.family === 'rag') {
    if (!op.response) throw new Error(`no response schema for ${op.id}`);
    return jsonSchema(op.response, 'output');
  }
  return jsonSchema(op.response ? successEnvelope(op.response) : MessageOnlyEnvelope, 'output');
}

/** A schema for any of several alternatives (they may overlap, so not oneOf), or the only one. */
const anyOf = (schemas: Json[]): Json => (schemas.length === 1 ? schemas[0]! : { anyOf: schemas });

/** One OpenAPI operation for the contract operations sharing a path (usually one). */
function pathOperation(ops: readonly Operation[]): Json {
  const first = ops[0]!;
  const encodings = [...new Set(ops.map((o) => o.encoding))];
  const content = Object.fromEntries(
    encodings.map((encoding) => [
      mediaTypes[encoding],
      {
        schema: anyOf(
          ops
            .filter((o) => o.encoding === encoding)
            .map((o) => ({ $ref: `#/components/schemas/${o.id}Request` })),
        ),
      },
    ]),
  );
  const responses: Record<string, Json> = {};
  for (const op of ops) {
    for (const [status, response] of Object.entries(errorResponses(op))) responses[status] ??= response;
  }
  const words = operationWords(ops);
  return {
    operationId: first.id,
    summary: words.summary,
    description: words.description,
    tags: [...new Set(ops.map((o) => o.family))],
    'x-operation-ids': ops.map((o) => o.id),
    security: ops.flatMap((o) => securityOf[o.credential].map((scheme) => ({ [scheme]: [] }))),
    // An empty body counts as `{}` (General conventions), so the body itself is optional.
    requestBody: { required: false, content },
    responses: {
      '200': {
        description: 'Success',
        content: {
          'application/json': {
            schema: anyOf(ops.map((o) => ({ $ref: `#/components/schemas/${o.id}Response` }))),
          },
        },
      },
      ...responses,
    },
  };
}

export interface OpenApiOptions {
  /** Default of the `{base_url}` server variable. */
  baseUrl?: string;
  /** Default of the `{org_base_url}` server variable. */
  orgBaseUrl?: string;
}

/** The OpenAPI 3.1 document of every operation of the table. */
export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const base = {
    url: '{base_url}',
    description: 'Project-level and most organization operations',
    variables: { base_url: { default: options.baseUrl ?? 'http://127.0.0.1:4010/api/v1' } },
  };
  const org = {
    url: '{org_base_url}',
    description: 'Organization-level operations (which ones: not shown; the fake answers these here too)',
    variables: { org_base_url: { default: options.orgBaseUrl ?? 'http://127.0.0.1:4010/org/api/v1' } },
  };
  const byPath = new Map<string, Operation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);

  const paths: Record<string, Json> = {};
  for (const [path, ops] of byPath) {
    paths[path] = {
      ...(ops.some((o) => o.orgLevel) ? { servers: [base, org] } : {}),
      post: pathOperation(ops),
    };
  }
  const schemas: Record<string, Json> = { ErrorEnvelope: jsonSchema(ErrorEnvelope, 'output') };
  for (const op of operations) {
    schemas[`${op.id}Request`] = jsonSchema(op.request, 'input');
    schemas[`${op.id}Response`] = successBody(op);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Chatbot Platform Public API',
      version: 'v1',
      // Who answers for this document: the harness that generates it (package.json names no repository or author).
      contact: { name: 'The Chatbot Platform conformance harness (chatbot-platform-conformance)' },
      // package.json's license, UNLICENSED (npm's word for no rights granted), is no SPDX identifier: named only.
      license: { name: 'UNLICENSED' },
      description:
        'Generated from contract/ (operation table and zod schemas). Platform, Project Integration and RAG ' +
        'chat completion endpoints; success and error envelopes; RAG endpoints answer in native provider shapes.',
    },
    servers: [base],
    tags: [
      { name: 'platform', description: 'Platform APIs (Bearer API token)' },
      { name: 'integration', description: 'Project Integration APIs (project API key)' },
      { name: 'rag', description: 'RAG chat completions (project API key)' },
    ],
    paths,
    components: { schemas, securitySchemes },
  };
}
