/** The messages feature's translator: the one island-text binder of src/i18n/bind.ts. */
export { bindMessages as makeTr, type Tr } from '~/i18n/bind.ts';
