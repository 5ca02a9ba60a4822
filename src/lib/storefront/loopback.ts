/** A store on this machine (the local store of `npm start`), which speaks plain http. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/;

/** True for a store domain on this machine (127.0.0.1:54330): the local store, not Shopify. */
export function isLoopbackStore(storeDomain: string): boolean {
  return LOOPBACK.test(
    storeDomain
      .trim()
      .replace(/^http:\/\//, '')
      .replace(/\/+$/, ''),
  );
}
