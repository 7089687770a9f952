// Domain synonyms and abbreviations (mappings/synonyms.txt): "Fed", "Federal Reserve" and "FOMC"
// name one thing, and a person types whichever they know. Each group is a set of equivalent names;
// a query's names are found on its folded words (a multi-word name as those words in order), and
// every search widens each found name to its group (query expansion: the index stays as it is).
import { readFileSync } from 'node:fs';
import { wordTokens } from './query-text.js';

/** A name found in a query: the word positions it covers and every name of its group (words each). */
export interface FoundName {
  start: number;
  /** word count of the name as found */
  length: number;
  /** the group's names, each as its words, the found one first */
  names: string[][];
}

export class Synonyms {
  /** the first word of a name -> the names starting with it (longest first), each with its group */
  private readonly byFirstWord = new Map<string, { words: string[]; group: string[][] }[]>();

  constructor(groups: string[][]) {
    for (const group of groups) {
      const names = group.map((n) => wordTokens(n)).filter((w) => w.length > 0);
      for (const words of names) {
        const list = this.byFirstWord.get(words[0]) ?? [];
        list.push({ words, group: names });
        list.sort((a, b) => b.words.length - a.words.length);
        this.byFirstWord.set(words[0], list);
      }
    }
  }

  /** Parses the file's format: one group per line, names comma separated, `#` starts a comment. */
  static parse(text: string): Synonyms {
    const groups = text
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter((l) => l.length > 0)
      .map((l) => l.split(',').map((n) => n.trim()).filter((n) => n.length > 0))
      .filter((g) => g.length > 1);
    return new Synonyms(groups);
  }

  /** The names of `terms` (folded word tokens) that have synonyms, left to right, longest first, not overlapping. */
  find(terms: readonly string[]): FoundName[] {
    const out: FoundName[] = [];
    for (let i = 0; i < terms.length; ) {
      const match = this.byFirstWord.get(terms[i])?.find((c) => c.words.every((w, j) => terms[i + j] === w));
      if (!match) {
        i++;
        continue;
      }
      const same = (n: string[]) => n.length === match.words.length && n.every((w, j) => w === match.words[j]);
      out.push({ start: i, length: match.words.length, names: [match.words, ...match.group.filter((n) => !same(n))] });
      i += match.words.length;
    }
    return out;
  }

  /**
   * The query's text for an embedding model: as typed, followed by the spelled-out name of each
   * short name it has ("FOMC March decision" -> "FOMC March decision (federal reserve)"), so that the
   * vector lands near titles written either way. One name each, the group's longest, and none when
   * the query already has it (or its plural: "republican" for "republicans"): the model
   * knows a spelled-out name's abbreviations, every added word costs the query's embedding time (the
   * batch a query joins is padded to its longest text), and all of a group's names made semantic
   * search about a quarter slower (bench/HISTORY.md, "Issue 29 Shown by, re-measured").
   */
  expandText(query: string): string {
    const added: string[] = [];
    for (const f of this.find(wordTokens(query))) {
      const found = f.names[0].join(' ');
      const longest = f.names.slice(1).map((n) => n.join(' ')).reduce((a, b) => (b.length > a.length ? b : a), found);
      if (longest.length > found.length && !(longest.startsWith(found) && longest.length - found.length <= 2)) added.push(longest);
    }
    return added.length === 0 ? query : `${query} (${added.join(', ')})`;
  }
}

/** A query's words as slots: a word without synonyms, or a name found with its group (Synonyms.find). */
export type QuerySlot = { term: string } | { names: string[][] };

export function querySlots(terms: readonly string[], synonyms: Synonyms): QuerySlot[] {
  const found = synonyms.find(terms);
  const slots: QuerySlot[] = [];
  for (let i = 0, f = 0; i < terms.length; ) {
    if (found[f]?.start === i) {
      slots.push({ names: found[f].names });
      i += found[f++].length;
    } else slots.push({ term: terms[i++] });
  }
  return slots;
}

/**
 * The query's words with one found name replaced by one of its other names, for each name and
 * alternative (at most `max`): the wordings an engine without query-time synonyms is asked too.
 */
export function expandedWordings(terms: readonly string[], synonyms: Synonyms, max = 8): string[] {
  const out: string[] = [];
  for (const f of synonyms.find(terms)) {
    for (const alt of f.names.slice(1)) {
      if (out.length >= max) return out;
      out.push([...terms.slice(0, f.start), ...alt, ...terms.slice(f.start + f.length)].join(' '));
    }
  }
  return out;
}

let loaded: Synonyms | undefined;

/** The project's synonyms (mappings/synonyms.txt), read once. */
export function domainSynonyms(): Synonyms {
  loaded ??= Synonyms.parse(readFileSync(new URL('../../mappings/synonyms.txt', import.meta.url), 'utf8'));
  return loaded;
}
