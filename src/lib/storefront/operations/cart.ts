/** Creates a cart for checkout; `checkoutUrl` is where the buyer pays (Shopify's hosted checkout). */
export const CART_CREATE_MUTATION = /* GraphQL */ `
  mutation CartCreate($input: CartInput!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    cartCreate(input: $input) {
      cart {
        id
        checkoutUrl
        totalQuantity
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;
