import { type NewsletterProvider, ProviderError, type ProviderSubscriber, providerFetch } from './types.ts';

export type ShopifyConfig = { domain: string; accessToken: string; apiVersion?: string; baseUrl?: string };

const FIND = `query FindCustomer($query: String!) { customers(first: 1, query: $query) { nodes { id } } }`;
const CREATE = `mutation CreateCustomer($input: CustomerInput!) {
  customerCreate(input: $input) { customer { id } userErrors { field message } } }`;
const CONSENT = `mutation Consent($input: CustomerEmailMarketingConsentUpdateInput!) {
  customerEmailMarketingConsentUpdate(input: $input) { customer { id } userErrors { field message } } }`;

/**
 * Shopify Admin GraphQL: find the customer by e-mail (or create them), then
 * `customerEmailMarketingConsentUpdate` with CONFIRMED_OPT_IN (double opt-in done by us) or
 * UNSUBSCRIBED.
 */
export function shopifyProvider(config: ShopifyConfig): NewsletterProvider {
  const url =
    config.baseUrl ?? `https://${config.domain}/admin/api/${config.apiVersion ?? '2025-01'}/graphql.json`;
  async function gql<T>(query: string, variables: object): Promise<T> {
    const response = await providerFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': config.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
    if (body.errors?.length || !body.data) {
      throw new ProviderError(
        `GraphQL: ${body.errors?.map((e) => e.message).join('; ') ?? 'no data'}`,
        false,
      );
    }
    return body.data;
  }
  const userErrors = (errors: Array<{ message: string }>) => {
    if (errors.length) throw new ProviderError(errors.map((e) => e.message).join('; '), false);
  };
  return {
    name: 'shopify',
    async sync(s: ProviderSubscriber) {
      const consent = {
        marketingState:
          s.status === 'subscribed' ? 'SUBSCRIBED' : s.status === 'pending' ? 'PENDING' : 'UNSUBSCRIBED',
        marketingOptInLevel: 'CONFIRMED_OPT_IN',
        consentUpdatedAt: new Date().toISOString(),
      };
      const found = await gql<{ customers: { nodes: Array<{ id: string }> } }>(FIND, {
        query: `email:"${s.email.replace(/"/g, '')}"`,
      });
      let id = found.customers.nodes[0]?.id;
      if (!id) {
        const created = await gql<{
          customerCreate: { customer: { id: string } | null; userErrors: Array<{ message: string }> };
        }>(CREATE, {
          input: {
            email: s.email,
            firstName: s.firstName,
            lastName: s.lastName,
            tags: ['newsletter', s.source],
          },
        });
        userErrors(created.customerCreate.userErrors);
        id = created.customerCreate.customer?.id;
      }
      if (!id) throw new ProviderError('no customer id', false);
      const updated = await gql<{
        customerEmailMarketingConsentUpdate: { userErrors: Array<{ message: string }> };
      }>(CONSENT, { input: { customerId: id, emailMarketingConsent: consent } });
      userErrors(updated.customerEmailMarketingConsentUpdate.userErrors);
    },
  };
}
