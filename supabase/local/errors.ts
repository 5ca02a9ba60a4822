/** Errors the CLI prints as one clear line (the message says what happened and what to do). */
export class StackError extends Error {
  override name = 'StackError';
}
