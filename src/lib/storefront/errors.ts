/** Why a storefront request failed, for callers that decide between fallback and failure. */
export type StorefrontErrorKind = 'network' | 'timeout' | 'http' | 'graphql';

/** A failed storefront request: unreachable store, HTTP error, or GraphQL errors in the answer. */
export class StorefrontError extends Error {
  readonly kind: StorefrontErrorKind;
  readonly status: number | undefined;

  constructor(message: string, kind: StorefrontErrorKind, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorefrontError';
    this.kind = kind;
    this.status = status;
  }
}
