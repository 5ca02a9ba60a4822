/**
 * Text matching of the local store's `search` and `predictiveSearch`, in every site language:
 * case- and accent-insensitive ("creme" finds "Crème", "lichtkorper" finds "Lichtkörper"),
 * apostrophes and hyphens split words ("chakra" finds "chakra's"), common plural and inflection
 * endings are ignored ("chakras" finds "chakra"), and a German compound is found by its last part
 * ("kissen" finds "Meditationskissen").
 */

/** Lower case without diacritics; ß becomes ss. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

/** The normalized words of a text. */
export function words(text: string): string[] {
  return normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Endings that make no difference to a match: plurals and inflections in nl, en and de. */
const ENDINGS = new Set(['s', 'es', 'e', 'en', 'n', 'er', 'r', 'ies']);
const MIN_COMPOUND_PART = 4;
/** Shorter words match only as they are ("de" is not "den"). */
const MIN_STEM = 3;

/** How well a query term matches one word: 1 exact (up to an ending), 0.5 a compound's tail, 0 not. */
export function termMatch(term: string, word: string, prefix: boolean): number {
  if (word === term) return 1;
  if (word.startsWith(term)) {
    if (prefix || (term.length >= MIN_STEM && ENDINGS.has(word.slice(term.length)))) return 1;
  } else if (word.length >= MIN_STEM && term.startsWith(word) && ENDINGS.has(term.slice(word.length))) {
    return 1;
  }
  if (term.length >= MIN_COMPOUND_PART && word.length > term.length) {
    // A compound's last part ("kissen" in "Meditationskissen"); while typing, any inner part.
    if (word.endsWith(term) || (prefix && word.includes(term))) return 0.5;
  }
  return 0;
}

/** A searchable field: its distinct words and its weight in the relevance score. */
export type Field = { words: readonly string[]; weight: number };

export function field(texts: readonly string[], weight: number): Field {
  return { words: [...new Set(texts.flatMap(words))], weight };
}

/** The parsed query: its terms, and whether the last one may be the start of a word. */
export type Query = { terms: string[]; prefixLast: boolean };

export function parseQuery(text: string, prefixLast: boolean): Query {
  return { terms: words(text), prefixLast };
}

/**
 * The relevance of a document for a query: every term must match some field (as Shopify's
 * search does), each counts with the best weight it found; 0 when a term matches nothing.
 */
export function score(query: Query, fields: readonly Field[]): number {
  if (query.terms.length === 0) return 0;
  let total = 0;
  const last = query.terms.length - 1;
  for (let i = 0; i <= last; i++) {
    const term = query.terms[i] as string;
    let best = 0;
    for (const f of fields) {
      if (f.weight <= best) continue;
      // Prefixes count in names and labels, not in running text (too many words start alike).
      const prefix = query.prefixLast && i === last && f.weight > 1;
      for (const w of f.words) {
        const m = termMatch(term, w, prefix) * f.weight;
        if (m > best) best = m;
        if (best === f.weight) break;
      }
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Query suggestions for a partly typed query: the earlier terms as typed, the last one completed
 * to words that occur in the given texts (titles). `styledText` marks the part that was typed,
 * as Shopify's SearchQuerySuggestion highlights the matching portion.
 */
export function suggestions(
  typed: string,
  texts: readonly string[],
  limit: number,
): { text: string; styledText: string }[] {
  const parts = typed.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const lastTyped = parts.pop();
  if (!lastTyped) return [];
  const lastNorm = normalize(lastTyped);
  const head = parts.join(' ');
  const seen = new Set<string>();
  const out: { text: string; styledText: string }[] = [];
  for (const text of texts) {
    for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}'’-]+/u)) {
      const word = raw.replace(/^[-'’]+|[-'’]+$/g, '');
      if (!word || !normalize(word).startsWith(lastNorm) || seen.has(normalize(word))) continue;
      seen.add(normalize(word));
      const full = head ? `${head} ${word}` : word;
      const typedLength = (head ? head.length + 1 : 0) + lastTyped.length;
      out.push({
        text: full,
        styledText: `<mark>${escapeHtml(full.slice(0, typedLength))}</mark>${escapeHtml(full.slice(typedLength))}`,
      });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

type Posting = { doc: number; weight: number };

/**
 * An inverted index over documents made of named fields, one vocabulary per field: each
 * distinct word of a searched field is compared with a query term once, however many documents
 * hold it, so a search costs about the size of those vocabularies rather than of the catalog.
 * Same scoring as `score`.
 */
export class WordIndex {
  private readonly vocabularies = new Map<string, Map<string, Posting[]>>();

  private readonly size: number;

  constructor(docs: readonly Partial<Record<string, Field>>[]) {
    this.size = docs.length;
    docs.forEach((fields, doc) => {
      for (const [name, f] of Object.entries(fields)) {
        if (!f) continue;
        let vocabulary = this.vocabularies.get(name);
        if (!vocabulary) {
          vocabulary = new Map();
          this.vocabularies.set(name, vocabulary);
        }
        for (const w of f.words) {
          let list = vocabulary.get(w);
          if (!list) {
            list = [];
            vocabulary.set(w, list);
          }
          list.push({ doc, weight: f.weight });
        }
      }
    });
  }

  /** Scores (document index -> relevance) of the documents matching every term in the given fields. */
  search(query: Query, fields: ReadonlySet<string>): Map<number, number> {
    if (query.terms.length === 0) return new Map();
    let totals: Float64Array | null = null;
    const last = query.terms.length - 1;
    for (let i = 0; i <= last; i++) {
      const term = query.terms[i] as string;
      const prefixing = query.prefixLast && i === last;
      const best = new Float64Array(this.size);
      let any = false;
      for (const [name, vocabulary] of this.vocabularies) {
        if (!fields.has(name)) continue;
        for (const [word, postings] of vocabulary) {
          const first = postings[0];
          if (!first) continue;
          // Prefixes count in names and labels (weight above 1), as in `score`.
          const m = termMatch(term, word, prefixing && first.weight > 1);
          if (m === 0) continue;
          for (const p of postings) {
            if (totals && totals[p.doc] === 0) continue;
            const value = m * p.weight;
            if (value > (best[p.doc] as number)) {
              best[p.doc] = value;
              any = true;
            }
          }
        }
      }
      if (!any) return new Map();
      if (totals) {
        for (let d = 0; d < this.size; d++)
          best[d] = best[d] ? (best[d] as number) + (totals[d] as number) : 0;
      }
      totals = best;
    }
    const out = new Map<number, number>();
    if (totals) for (let d = 0; d < this.size; d++) if (totals[d]) out.set(d, totals[d] as number);
    return out;
  }
}
