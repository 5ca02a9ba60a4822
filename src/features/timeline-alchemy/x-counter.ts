/**
 * X's weighted length through twitter-text's own parser (URLs count 23, emoji 2, CJK 2). The
 * library (~30 KB gz) is imported on first use only, so pages without the editor never load it.
 */
export type WeightedLength = (text: string) => number;

let loading: Promise<WeightedLength> | undefined;

export function loadXCounter(): Promise<WeightedLength> {
  loading ??= import('twitter-text').then((mod) => {
    const lib = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
    return (text: string) => lib.parseTweet(text).weightedLength;
  });
  return loading;
}
