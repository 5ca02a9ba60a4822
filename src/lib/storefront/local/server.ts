/*
 * The local store over HTTP, as Shopify serves the Storefront API:
 * POST /api/{version}/graphql.json with {query, variables, operationName} (JSON, or the bare
 * query as application/graphql; GET with ?query= too), the X-Shopify-Storefront-Access-Token
 * header, CORS for browsers, GraphQL errors with `extensions.code`. `npm start` runs it on
 * 127.0.0.1:54330; tests start it on their own port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLFormattedError,
  getOperationAST,
  parse,
  validate,
} from 'graphql';
import { shopifyFieldResolver } from './defaults.ts';
import { rootValue } from './index.ts';
import { storefrontSchema } from './schema.ts';

/** The public access token the local store accepts unless told otherwise. */
export const LOCAL_STOREFRONT_TOKEN = 'local-storefront-token';
/** Where `npm start` serves it (the port table in ARCHITECTURE.md). */
export const LOCAL_STORE_PORT = 54330;

const PATH = /^\/api\/(\d{4}-\d{2}|unstable)\/graphql(\.json)?$/;
const MAX_BODY = 1_000_000;

type Body = { query?: unknown; variables?: unknown; operationName?: unknown };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/** Shopify's `extensions.code` for a validation or parse error of graphql-js. */
function codeOf(message: string): Record<string, unknown> {
  let m = /^Cannot query field "(.+?)" on type "(.+?)"/.exec(message);
  if (m) return { code: 'undefinedField', typeName: m[2], fieldName: m[1] };
  m = /^Unknown argument "(.+?)" on field "(.+?)\.(.+?)"/.exec(message);
  if (m) return { code: 'argumentNotAccepted', name: m[3], typeName: m[2], argumentName: m[1] };
  m = /^Field "(.+?)" argument "(.+?)" of type ".+?" is required/.exec(message);
  if (m) return { code: 'missingRequiredArguments', name: m[1], arguments: m[2] };
  if (/^Unknown type/.test(message)) return { code: 'undefinedType' };
  if (/^Variable "\$.+?" is never used/.test(message)) return { code: 'variableNotUsed' };
  if (/^Variable "\$.+?" is not defined/.test(message)) return { code: 'undefinedVariable' };
  if (/^Variable "\$/.test(message)) return { code: 'INVALID_VARIABLE' };
  if (/^Syntax Error/.test(message)) return { code: 'PARSE_ERROR' };
  return { code: 'GRAPHQL_VALIDATION_FAILED' };
}

function shopifyErrors(errors: readonly GraphQLError[], fallback?: string): GraphQLFormattedError[] {
  return errors.map((error) => {
    const formatted = error.toJSON();
    const code = fallback ? { code: fallback } : codeOf(error.message);
    return { ...formatted, extensions: { ...code, ...(formatted.extensions ?? {}) } };
  });
}

const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
function documentFor(query: string): DocumentNode | readonly GraphQLError[] {
  let found = documents.get(query);
  if (!found) {
    try {
      const document = parse(query);
      const errors = validate(storefrontSchema(), document);
      found = errors.length ? errors : document;
    } catch (error) {
      found = [error as GraphQLError];
    }
    if (documents.size > 500) documents.clear();
    documents.set(query, found);
  }
  return found;
}

/** Runs a request body as Shopify would answer it (status and JSON body). */
export async function answerGraphQL(body: Body): Promise<Answer> {
  if (typeof body.query !== 'string' || !body.query.trim())
    return { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } };
  const variables = body.variables ?? {};
  if (typeof variables !== 'object' || Array.isArray(variables))
    return { status: 400, body: { errors: { variables: 'Variables must be an object' } } };
  const document = documentFor(body.query);
  if (Array.isArray(document)) return { status: 200, body: { errors: shopifyErrors(document) } };
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const doc = document as DocumentNode;
  if (!getOperationAST(doc, operationName)) {
    const message = operationName
      ? `No operation named "${operationName}"`
      : 'An operation name is required when the document has several operations';
    return { status: 200, body: { errors: [{ message, extensions: { code: 'OPERATION_NOT_FOUND' } }] } };
  }
  const result = await execute({
    schema: storefrontSchema(),
    document: doc,
    rootValue: await rootValue(),
    variableValues: variables as Record<string, unknown>,
    fieldResolver: shopifyFieldResolver,
    ...(operationName ? { operationName } : {}),
  });
  const out: Record<string, unknown> = {};
  if (result.errors?.length) {
    const variableError = !('data' in result) || result.data === undefined;
    out.errors = shopifyErrors(result.errors, variableError ? undefined : 'INTERNAL_SERVER_ERROR');
  }
  if (result.data !== undefined) out.data = result.data;
  return { status: 200, body: out };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, accept, x-shopify-storefront-access-token, shopify-storefront-private-token, x-sdk-variant, x-sdk-version, x-sdk-variant-source, shopify-storefront-buyer-ip',
  'access-control-max-age': '86400',
};

function send(res: ServerResponse, answer: Answer, version?: string): void {
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    ...CORS,
    ...(version ? { 'x-shopify-api-version': version } : {}),
    ...answer.headers,
  });
  res.end(JSON.stringify(answer.body));
}

const authError = (status: number, code: string, message: string): Answer => ({
  status,
  body: { errors: [{ message, extensions: { code } }] },
});

/** Handles one HTTP request to the local store. */
async function handleStoreRequest(
  req: IncomingMessage,
  res: ServerResponse,
  tokens: readonly string[],
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = PATH.exec(url.pathname);
  if (!match) return send(res, { status: 404, body: { errors: 'Not Found' } });
  const version = match[1];
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS);
    return void res.end();
  }
  if (req.method !== 'POST' && req.method !== 'GET')
    return send(
      res,
      { status: 405, body: { errors: 'Method Not Allowed' }, headers: { allow: 'GET, POST' } },
      version,
    );
  const token =
    (req.headers['x-shopify-storefront-access-token'] as string | undefined) ??
    (req.headers['shopify-storefront-private-token'] as string | undefined);
  if (!token?.trim())
    return send(res, authError(401, 'UNAUTHORIZED', 'Missing storefront access token.'), version);
  if (!tokens.includes(token.trim()))
    return send(res, authError(403, 'ACCESS_DENIED', 'Invalid storefront access token.'), version);

  let body: Body;
  if (req.method === 'GET') {
    const variables = url.searchParams.get('variables');
    try {
      body = {
        query: url.searchParams.get('query'),
        variables: variables ? JSON.parse(variables) : undefined,
        operationName: url.searchParams.get('operationName'),
      };
    } catch {
      return send(res, { status: 400, body: { errors: { variables: 'Variables must be JSON' } } }, version);
    }
  } else {
    let text: string;
    try {
      text = await readBody(req);
    } catch {
      return send(res, { status: 413, body: { errors: 'Payload Too Large' } }, version);
    }
    if ((req.headers['content-type'] ?? '').includes('application/graphql')) body = { query: text };
    else {
      try {
        body = JSON.parse(text) as Body;
      } catch {
        return send(
          res,
          { status: 400, body: { errors: { query: 'Required parameter missing or invalid' } } },
          version,
        );
      }
      if (!body || typeof body !== 'object') body = {};
    }
  }
  try {
    send(res, await answerGraphQL(body), version);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    send(
      res,
      { status: 500, body: { errors: [{ message, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } },
      version,
    );
  }
}

export type LocalStore = { url: string; server: Server; close: () => Promise<void> };

/** Starts the local store on host:port; `tokens` are the access tokens it accepts. */
export async function startLocalStore(
  options: { port?: number; host?: string; tokens?: readonly string[] } = {},
): Promise<LocalStore> {
  const host = options.host ?? '127.0.0.1';
  const tokens = options.tokens ?? [LOCAL_STOREFRONT_TOKEN];
  const server = createServer((req, res) => void handleStoreRequest(req, res, tokens));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? LOCAL_STORE_PORT, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
