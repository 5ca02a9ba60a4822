import { useEffect, useRef } from 'react';

/** A form's outcome: the error (focused, so keyboard and screen reader users hear it) or the notice. */
export function FormFeedback({ error, notice }: { error: string | null; notice: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  return (
    <>
      {error && (
        <div ref={ref} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
          {error}
        </div>
      )}
      {notice && (
        <div role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {notice}
        </div>
      )}
    </>
  );
}

/** A labelled, required text input of a small form (an e-mail address, the current password). */
export function Field({
  id,
  label,
  type,
  autoComplete,
  value,
  onChange,
}: {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: 'email' | 'current-password';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
