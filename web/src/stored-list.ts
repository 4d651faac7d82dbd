// A list kept in the browser's localStorage under one key (my decks, my seats): read back leniently
// (anything that is not a JSON array reads as empty; the caller keeps only the entries it
// recognises) and written capped, where a full or refused storage only means nothing is kept.

export type KeyValue = Pick<Storage, "getItem" | "setItem">;

/** The storage to use: localStorage, or none (a browser that refuses it: nothing is remembered). */
export function browserStorage(): KeyValue | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The array stored under `key`, or [] when there is none or it is not a JSON array. */
export function readStoredList(storage: KeyValue | undefined, key: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(storage?.getItem(key) ?? "[]");
  } catch {
    return [];
  }
  return Array.isArray(data) ? data : [];
}

/** Stores the first `max` of `list` under `key` (not at all when storage is full or refused). */
export function writeStoredList<T>(storage: KeyValue | undefined, key: string, list: T[], max: number): T[] {
  const kept = list.slice(0, max);
  try {
    storage?.setItem(key, JSON.stringify(kept));
  } catch {
    /* full or refused: the list lives for this page only */
  }
  return kept;
}
