/** Errors the CLI prints as one clear line (the message says what happened and what to do). */
export class StackError extends Error {
  override name = 'StackError';
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
