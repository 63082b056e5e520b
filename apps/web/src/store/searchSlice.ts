import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AddVideoInput, SearchResult } from '@xemchung/protocol';
import { fetchSearchResults, resolveLink } from '../features/search/searchApi.ts';
import { HttpStatusError } from '../lib/http.ts';
import { rootReducer } from './index.ts';

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

/** A failure's status code for `SearchState.error`. */
function statusOf(error: unknown): number {
  if (error instanceof HttpStatusError) return error.status;
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    return error.status;
  }
  return 0;
}

export const searchVideos = createAsyncThunk<SearchResult[], string, { rejectValue: number }>(
  'search/searchVideos',
  async (keyword, { rejectWithValue }) => {
    try {
      const response = await fetchSearchResults(keyword);
      return Array.isArray(response) ? response : rejectWithValue(response.status);
    } catch (error) {
      return rejectWithValue(statusOf(error));
    }
  },
);

/** Resolves a pasted link to the video to add; the caller adds it (the room engine decides about duplicates). */
export const lookUpLink = createAsyncThunk<AddVideoInput, string, { rejectValue: number }>(
  'search/lookUpLink',
  async (link, { rejectWithValue }) => {
    try {
      return await resolveLink(link);
    } catch (error) {
      return rejectWithValue(statusOf(error));
    }
  },
);

export const searchSlice = createSlice({
  name: 'search',
  initialState: initialSearchState,
  reducers: {
    keywordChanged: (state, action: PayloadAction<string>) => {
      state.keyword = action.payload;
      state.error = null;
    },
    /** Empties the box after `link` was added, unless the user has typed something else meanwhile. */
    linkAdded: (state, action: PayloadAction<string>) => {
      if (state.keyword.trim() === action.payload) state.keyword = '';
    },
    searchReset: () => initialSearchState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(searchVideos.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(searchVideos.fulfilled, (state, action) => {
        state.loading = false;
        state.results = action.payload;
      })
      .addCase(searchVideos.rejected, (state, action) => {
        state.loading = false;
        state.results = [];
        state.error = action.payload ?? 0;
      })
      .addCase(lookUpLink.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.results = [];
      })
      .addCase(lookUpLink.fulfilled, (state) => {
        state.loading = false;
      })
      .addCase(lookUpLink.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? 0;
      });
  },
});

export const { keywordChanged, linkAdded, searchReset } = searchSlice.actions;

declare module './index.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof searchSlice> {}
}

/** Registered when the search box's code loads (the room page), not in the entry chunk. */
const injectedSearchSlice = searchSlice.injectInto(rootReducer);

/** The search state, or the initial one before any search action has reached the store. */
export const selectSearch = injectedSearchSlice.selectSlice;
