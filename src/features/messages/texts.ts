import type { KeysWithPrefix, Lookup } from '~/i18n/bind.ts';

/** The messages feature's translator: the one island-text binder of src/i18n/bind.ts. */
export { bindMessages as makeTr } from '~/i18n/bind.ts';
/** The lookup over the texts the messages island receives (`messages.`, `app.` and `error.`). */
export type Tr = Lookup<KeysWithPrefix<'messages.' | 'app.' | 'error.'>>;
