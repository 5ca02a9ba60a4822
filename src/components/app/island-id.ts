/** useId prefix of an island, the same on the server render and in hydration. */
export const islandIdPrefix = (name: string): string => `${name}-`;
