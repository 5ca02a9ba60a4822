/**
 * Creates a cart for checkout with the shopper's discount codes; `checkoutUrl` is where the buyer
 * pays (Shopify's hosted checkout), `discountCodes[].applicable` is the store's decision.
 */
export const CART_CREATE_MUTATION = /* GraphQL */ `
  mutation CartCreate($input: CartInput!, $language: LanguageCode, $country: CountryCode)
  @inContext(language: $language, country: $country) {
    cartCreate(input: $input) {
      cart {
        id
        checkoutUrl
        totalQuantity
        discountCodes {
          code
          applicable
        }
        cost {
          subtotalAmount {
            amount
            currencyCode
          }
          totalAmount {
            amount
            currencyCode
          }
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;
