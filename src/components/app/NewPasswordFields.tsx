import { type Dispatch, type SetStateAction, useId, useState } from 'react';

type Passwords = { password: string; repeat: string };

type Props = {
  m: (key: 'auth.passwordHint' | 'auth.showPassword' | 'auth.hidePassword') => string;
  labels: { password: string; repeat: string };
  values: Passwords;
  /** The owner's state setter: each field updates the latest pair, not the one it was drawn with. */
  onChange: Dispatch<SetStateAction<Passwords>>;
  /** Sign-up's minimum length (the auth feature's `MIN_PASSWORD_LENGTH`). */
  minLength: number;
};

/**
 * A new password twice, with sign-up's rule and hint and a show/hide toggle (the reset and account
 * pages). Here rather than in the auth feature's islands entry: every signed-in page imports that
 * entry for its gate, and the bundler then loaded these fields on all of them.
 */
export function NewPasswordFields({ m, labels, values, onChange, minLength }: Props) {
  const id = useId();
  const [show, setShow] = useState(false);
  const type = show ? 'text' : 'password';
  return (
    <>
      <div>
        <label className="field-label" htmlFor={`${id}-new`}>
          {labels.password}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-new`}
            className="field-input"
            type={type}
            autoComplete="new-password"
            required
            minLength={minLength}
            aria-describedby={`${id}-hint`}
            value={values.password}
            onChange={(e) => {
              const password = e.target.value;
              onChange((current) => ({ ...current, password }));
            }}
          />
          <button
            type="button"
            className="btn-secondary shrink-0 px-3 py-2 text-sm"
            aria-pressed={show}
            aria-controls={`${id}-new ${id}-repeat`}
            onClick={() => setShow((s) => !s)}
          >
            {m(show ? 'auth.hidePassword' : 'auth.showPassword')}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink/75">
          {m('auth.passwordHint')}
        </p>
      </div>
      <div>
        <label className="field-label" htmlFor={`${id}-repeat`}>
          {labels.repeat}
        </label>
        <input
          id={`${id}-repeat`}
          className="field-input"
          type={type}
          autoComplete="new-password"
          required
          value={values.repeat}
          onChange={(e) => {
            const repeat = e.target.value;
            onChange((current) => ({ ...current, repeat }));
          }}
        />
      </div>
    </>
  );
}
