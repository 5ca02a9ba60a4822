/** The card every section of the account page sits in. */
export const CARD = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink/10';

/** A section’s outcome (~/components/app/FormParts.tsx). */
export { FormFeedback as Feedback } from '~/components/app/FormParts.tsx';

/** The data client's error texts, loaded with the first failure (not with the page). */
export const errorsModule = () => import('~/lib/supabase/errors.ts');
