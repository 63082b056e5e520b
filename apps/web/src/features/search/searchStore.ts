import type { AddVideoInput, SearchResult } from '@xemchung/protocol';
import { createStore } from '../../lib/createStore.ts';
import { HttpStatusError } from '../../lib/http.ts';
import { fetchSearchResults, resolveLink } from './searchApi.ts';

/**
 * The search box's state (docs/product.md#search-box). `error` is a status code: 403 the free search quota is used up; 503
 * search is off or unavailable; anything else (an upstream failure, a link that does not exist) is shown as 'Link video
 * không tồn tại'. 0 means the request never got an answer.
 */
export interface SearchState {
  keyword: string;
  results: SearchResult[];
  loading: boolean;
  error: number | null;
}

export const initialSearchState: SearchState = { keyword: '', results: [], loading: false, error: null };

/** Part of the room page's chunk, with the search box: the home page never loads it. */
export const searchStore = createStore(initialSearchState);

const change = (part: Partial<SearchState>) => searchStore.set({ ...searchStore.get(), ...part });

/** A failure's status code for `SearchState.error`. */
function statusOf(error: unknown): number {
  if (error instanceof HttpStatusError) return error.status;
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return 0;
}

export function changeKeyword(keyword: string): void {
  change({ keyword, error: null });
}

/** Empties the box after `link` was added, unless the user has typed something else meanwhile. */
export function linkAdded(link: string): void {
  if (searchStore.get().keyword.trim() === link) change({ keyword: '' });
}

export function resetSearch(): void {
  searchStore.set(initialSearchState);
}

/** Searches the video platform for `keyword`; the results or the failure's status end up in the store. */
export async function searchVideos(keyword: string): Promise<void> {
  change({ loading: true, error: null });
  try {
    const response = await fetchSearchResults(keyword);
    if (Array.isArray(response)) change({ loading: false, results: response });
    else change({ loading: false, results: [], error: response.status });
  } catch (error) {
    change({ loading: false, results: [], error: statusOf(error) });
  }
}

/**
 * Resolves a pasted link to the video to add, or null when it cannot be played (its status in the store); the
 * caller adds it (the room engine decides about duplicates).
 */
export async function lookUpLink(link: string): Promise<AddVideoInput | null> {
  change({ loading: true, error: null, results: [] });
  try {
    const video = await resolveLink(link);
    change({ loading: false });
    return video;
  } catch (error) {
    change({ loading: false, error: statusOf(error) });
    return null;
  }
}
