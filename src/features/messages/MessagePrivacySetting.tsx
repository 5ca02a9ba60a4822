import { useEffect, useId, useState } from 'react';
import { showFailure, showToast } from '~/components/toast.ts';
import type { TypedSupabaseClient } from '~/lib/supabase/client.ts';
import { readPrivacy, savePrivacy } from './api.ts';
import type { Tr } from './texts.ts';

type Value = 'everyone' | 'friends';

/** "Who may message me": everyone or friends only; the database enforces it on every send. */
export function MessagePrivacySetting({ db, me, tr }: { db: TypedSupabaseClient; me: string; tr: Tr }) {
  const [value, setValue] = useState<Value | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();

  useEffect(() => {
    readPrivacy(db, me).then(setValue, () => setValue('everyone'));
  }, [db, me]);

  const choose = async (next: Value) => {
    const before = value;
    setValue(next);
    setBusy(true);
    try {
      await savePrivacy(db, me, next);
      showToast({ title: tr('messages.privacy.saved') });
    } catch (error) {
      setValue(before);
      void showFailure(tr('messages.privacy.error'), tr, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/10"
      disabled={value === null || busy}
    >
      <legend className="px-1 font-semibold">{tr('messages.privacy.title')}</legend>
      <div className="flex flex-wrap gap-4">
        {(['everyone', 'friends'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => void choose(option)}
            />
            {tr(`messages.privacy.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
