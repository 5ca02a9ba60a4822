import { useState } from 'react';
import { COUNTER_FROM, MAX_LENGTH } from './model.ts';
import type { Tr } from './texts.ts';

type Props = { tr: Tr; onSend: (text: string) => void; onTyping: () => void };

/** The send form: Enter sends, Shift+Enter is a new line, blank text cannot be sent. */
export function Composer({ tr, onSend, onTyping }: Props) {
  const [text, setText] = useState('');
  const blank = text.trim() === '';
  const send = () => {
    if (blank) return;
    onSend(text);
    setText('');
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-ink/10 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="min-w-0 flex-1">
        <span className="sr-only">{tr('messages.input.label')}</span>
        <textarea
          rows={2}
          maxLength={MAX_LENGTH}
          value={text}
          placeholder={tr('messages.input.placeholder')}
          className="block max-h-40 w-full resize-y rounded-xl border border-ink/20 px-3 py-2"
          onChange={(event) => {
            setText(event.target.value);
            onTyping();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        {text.length >= COUNTER_FROM ? (
          <span className="mt-1 block text-right text-xs text-ink/70" aria-live="polite">
            {tr('messages.counter', { count: text.length, max: MAX_LENGTH })}
          </span>
        ) : null}
      </label>
      <button type="submit" className="btn-primary" disabled={blank}>
        {tr('messages.send')}
      </button>
    </form>
  );
}
