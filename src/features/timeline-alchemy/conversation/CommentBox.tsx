import { type KeyboardEvent, type Ref, useId } from 'react';

type Props = {
  label: string;
  /** The label is read by screen readers only (the edit box sits in the comment itself). */
  labelHidden?: boolean;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string | undefined;
  /** The keyboard hint under the box. */
  hint: string;
  /** Why the last send or save failed (the box keeps the text). */
  error: string;
  /** Ctrl+Enter or Cmd+Enter (Enter alone is a new line). */
  onSubmit: () => void;
  /** Escape, when the box can be closed. */
  onEscape?: (() => void) | undefined;
  boxRef?: Ref<HTMLTextAreaElement> | undefined;
};

/** The text box of a thread, for a new comment and for correcting one: hint, error, keyboard. */
export function CommentBox({
  label,
  labelHidden,
  value,
  onChange,
  placeholder,
  hint,
  error,
  onSubmit,
  onEscape,
  boxRef,
}: Props) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      onEscape();
    }
  };
  return (
    <>
      <label className="block text-sm">
        <span className={labelHidden ? 'sr-only' : 'font-medium'}>{label}</span>
        <textarea
          ref={boxRef}
          className={`field-input w-full${labelHidden ? '' : ' mt-1'}`}
          rows={2}
          maxLength={2000}
          value={value}
          placeholder={placeholder}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </label>
      <p id={`${id}-hint`} className="text-xs text-ink/60">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
