import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { buildSchema, graphql } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providersFromEnv, type SyncResult, syncProviders } from './index.ts';
import { mailchimpProvider } from './mailchimp.ts';
import { shopifyProvider } from './shopify.ts';
import type { ProviderSubscriber } from './types.ts';

/*
 * Local stand-ins of the two providers' HTTP APIs, strict about what the real ones require:
 * Mailchimp's member URL (md5 of the lower-cased address), Basic auth with the key, the member
 * body and the tags call; Shopify's Admin GraphQL validated against the part of its schema we use.
 */
const KEY = 'abc123-us21';
const person: ProviderSubscriber = {
  email: 'Ilse@Example.org',
  firstName: 'Ilse',
  lastName: 'Mulder',
  language: 'nl',
  source: 'footer',
  status: 'subscribed',
};

const body = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
};
const listen = async (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`),
    ),
  );

// Mailchimp ----------------------------------------------------------------------------------
const members = new Map<string, Record<string, unknown>>();
let mailchimpFailures = 0;
const mailchimp = createServer(async (req, res) => {
  const send = (status: number, value: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
  if (mailchimpFailures > 0) {
    mailchimpFailures--;
    return send(503, { title: 'Service Unavailable' });
  }
  const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
  if (!auth.endsWith(`:${KEY}`)) return send(401, { title: 'API Key Invalid' });
  const match = /^\/3\.0\/lists\/list1\/members\/([0-9a-f]{32})(\/tags)?$/.exec(req.url ?? '');
  if (!match) return send(404, { title: 'Resource Not Found' });
  const data = await body(req);
  if (req.method === 'PUT' && !match[2]) {
    if (createHash('md5').update(String(data.email_address).toLowerCase()).digest('hex') !== match[1]) {
      return send(400, { title: 'Invalid Resource', detail: 'hash does not match email_address' });
    }
    members.set(match[1] as string, { ...members.get(match[1] as string), ...data });
    return send(200, { id: match[1], status: data.status });
  }
  if (req.method === 'POST' && match[2]) {
    const member = members.get(match[1] as string);
    if (!member) return send(404, { title: 'Resource Not Found' });
    member['tags'] = (data.tags as Array<{ name: string }>).map((t) => t.name);
    res.writeHead(204).end();
    return;
  }
  return send(405, { title: 'Method Not Allowed' });
});

// Shopify Admin GraphQL ---------------------------------------------------------------------
const schema = buildSchema(`
  enum CustomerEmailMarketingState { NOT_SUBSCRIBED PENDING SUBSCRIBED UNSUBSCRIBED }
  enum CustomerMarketingOptInLevel { SINGLE_OPT_IN CONFIRMED_OPT_IN UNKNOWN }
  scalar DateTime
  type Customer { id: ID! email: String emailMarketingState: CustomerEmailMarketingState optInLevel: CustomerMarketingOptInLevel }
  type CustomerConnection { nodes: [Customer!]! }
  type UserError { field: [String!] message: String! }
  type CustomerCreatePayload { customer: Customer userErrors: [UserError!]! }
  type CustomerEmailMarketingConsentUpdatePayload { customer: Customer userErrors: [UserError!]! }
  input EmailMarketingConsentInput { marketingState: CustomerEmailMarketingState! marketingOptInLevel: CustomerMarketingOptInLevel consentUpdatedAt: DateTime }
  input CustomerInput { email: String firstName: String lastName: String tags: [String!] }
  input CustomerEmailMarketingConsentUpdateInput { customerId: ID! emailMarketingConsent: EmailMarketingConsentInput! }
  type Query { customers(first: Int, query: String): CustomerConnection! }
  type Mutation {
    customerCreate(input: CustomerInput!): CustomerCreatePayload
    customerEmailMarketingConsentUpdate(input: CustomerEmailMarketingConsentUpdateInput!): CustomerEmailMarketingConsentUpdatePayload
  }
`);
const customers: Array<Record<string, unknown>> = [];
const root = {
  customers: ({ query }: { query: string }) => ({
    nodes: customers.filter((c) => query === `email:"${c['email']}"`),
  }),
  customerCreate: ({ input }: { input: Record<string, unknown> }) => {
    const customer = { id: `gid://shopify/Customer/${customers.length + 1}`, ...input };
    customers.push(customer);
    return { customer, userErrors: [] };
  },
  customerEmailMarketingConsentUpdate: ({
    input,
  }: {
    input: {
      customerId: string;
      emailMarketingConsent: { marketingState: string; marketingOptInLevel: string };
    };
  }) => {
    const customer = customers.find((c) => c['id'] === input.customerId);
    if (!customer)
      return { customer: null, userErrors: [{ field: ['customerId'], message: 'Customer not found' }] };
    customer['emailMarketingState'] = input.emailMarketingConsent.marketingState;
    customer['optInLevel'] = input.emailMarketingConsent.marketingOptInLevel;
    return { customer, userErrors: [] };
  },
};
const shopify = createServer(async (req, res) => {
  if (req.headers['x-shopify-access-token'] !== 'shpat_test') {
    res
      .writeHead(401, { 'content-type': 'application/json' })
      .end('{"errors":"Invalid API key or access token"}');
    return;
  }
  const { query, variables } = await body(req);
  const result = await graphql({ schema, source: query, rootValue: root, variableValues: variables });
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
});

let mailchimpUrl = '';
let shopifyUrl = '';
beforeAll(async () => {
  mailchimpUrl = `${await listen(mailchimp)}/3.0`;
  shopifyUrl = await listen(shopify);
});
afterAll(() => {
  mailchimp.close();
  shopify.close();
});
beforeEach(() => {
  members.clear();
  customers.length = 0;
  mailchimpFailures = 0;
});

const hash = createHash('md5').update('ilse@example.org').digest('hex');

describe('Mailchimp', () => {
  it('creates or updates the member with status, FNAME/LNAME, language, brand and source tags', async () => {
    const provider = mailchimpProvider({
      apiKey: KEY,
      listId: 'list1',
      brandTag: 'inner-circle',
      baseUrl: mailchimpUrl,
    });
    await provider.sync(person);
    expect(members.get(hash)).toMatchObject({
      email_address: 'Ilse@Example.org',
      status: 'subscribed',
      merge_fields: { FNAME: 'Ilse', LNAME: 'Mulder' },
      language: 'nl',
      tags: ['inner-circle', 'footer'],
    });
    await provider.sync({ ...person, status: 'unsubscribed' });
    expect(members.get(hash)?.['status']).toBe('unsubscribed');
  });

  it('a wrong key is not retried: the failure is recorded once', async () => {
    const provider = mailchimpProvider({
      apiKey: 'wrong-us21',
      listId: 'list1',
      brandTag: 'b',
      baseUrl: mailchimpUrl,
    });
    const recorded: SyncResult[] = [];
    const [result] = await syncProviders([provider], person, async (r) => void recorded.push(r), {
      backoffMs: 1,
    });
    expect(result).toMatchObject({ provider: 'mailchimp', ok: false, attempts: 1 });
    expect(recorded).toEqual([result]);
  });

  it('an outage is retried; the result (with attempts) goes to the ledger', async () => {
    const provider = mailchimpProvider({
      apiKey: KEY,
      listId: 'list1',
      brandTag: 'b',
      baseUrl: mailchimpUrl,
    });
    mailchimpFailures = 2;
    const recorded: SyncResult[] = [];
    await syncProviders([provider], person, async (r) => void recorded.push(r), { backoffMs: 1 });
    expect(recorded).toEqual([{ provider: 'mailchimp', ok: true, attempts: 3 }]);
    expect(members.get(hash)?.['status']).toBe('subscribed');

    mailchimpFailures = 10;
    recorded.length = 0;
    await syncProviders([provider], person, async (r) => void recorded.push(r), { backoffMs: 1 });
    expect(recorded[0]).toMatchObject({ provider: 'mailchimp', ok: false, attempts: 3 });
    expect(recorded[0]?.error).toContain('503');
  });
});

describe('Shopify customer e-mail marketing consent', () => {
  it('creates the customer if needed and records CONFIRMED_OPT_IN, later UNSUBSCRIBED', async () => {
    const provider = shopifyProvider({ domain: 'x', accessToken: 'shpat_test', baseUrl: shopifyUrl });
    await provider.sync({ ...person, email: 'ilse@example.org' });
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      email: 'ilse@example.org',
      emailMarketingState: 'SUBSCRIBED',
      optInLevel: 'CONFIRMED_OPT_IN',
    });
    await provider.sync({ ...person, email: 'ilse@example.org', status: 'unsubscribed' });
    expect(customers).toHaveLength(1);
    expect(customers[0]?.['emailMarketingState']).toBe('UNSUBSCRIBED');
  });

  it('a refused token fails without retrying', async () => {
    const provider = shopifyProvider({ domain: 'x', accessToken: 'nope', baseUrl: shopifyUrl });
    const [result] = await syncProviders([provider], person, async () => undefined, { backoffMs: 1 });
    expect(result).toMatchObject({ ok: false, attempts: 1 });
  });
});

describe('configuration', () => {
  it('none configured = the database alone', () => {
    expect(providersFromEnv({})).toEqual([]);
    expect(
      providersFromEnv({
        MAILCHIMP_API_KEY: KEY,
        MAILCHIMP_LIST_ID: 'l',
        SHOPIFY_STORE_DOMAIN: 'x',
        SHOPIFY_ADMIN_ACCESS_TOKEN: 't',
      }).map((p) => p.name),
    ).toEqual(['mailchimp', 'shopify']);
    // A storefront domain alone (no admin token) does not switch Shopify consent on.
    expect(providersFromEnv({ SHOPIFY_STORE_DOMAIN: 'x' })).toEqual([]);
  });
});
