import type { AddVideoInput, SearchResult } from '@xemchung/protocol';
import {
  clipSearchKeyword,
  parsePlaylistLink,
  SEARCH_QUOTA_STATUS,
  SEARCH_UNAVAILABLE_STATUS,
} from '@xemchung/protocol';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../components/SearchIcon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useOutsidePointerDown } from '../../components/useOutsidePointerDown.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { track } from '../../lib/analytics.ts';
import { useStore } from '../../lib/createStore.ts';
import { userStore } from '../auth/userStore.ts';
import { optionId, SearchResultsList } from './SearchResultsList.tsx';
import { isLinkInput } from './searchApi.ts';
import { changeKeyword, linkAdded, lookUpLink, resetSearch, searchStore, searchVideos } from './searchStore.ts';

interface Props {
  /** Adds the video through the room engine; false when it was refused (the caller tells the user why). */
  onAdd: (video: AddVideoInput) => Promise<boolean>;
  /** Adds the videos of a YouTube playlist link (R70, R71); false when it was refused (the caller tells why). */
  onAddList: (listId: string) => Promise<boolean>;
}

const toVideo = (result: SearchResult): AddVideoInput => ({ ...result, source: 'youtube', mediaUrl: null });

/** On a small screen the focused box covers the top bar, with a back button (docs/product.md#search-box). */
const EXPANDED =
  'max-sm:fixed max-sm:inset-x-0 max-sm:top-0 max-sm:z-50 max-sm:h-14 max-sm:max-w-none max-sm:bg-neutral-950 max-sm:px-2';

/**
 * The room page's search box (docs/product.md#search-box): a keyword searches the video platform and lists the hits in a
 * dropdown; a link ('https://…') is looked up and added directly, a YouTube playlist link (R70) has its videos added.
 * The search state lives in searchStore.ts.
 */
export function RoomSearchBox({ onAdd, onAddList }: Props) {
  const { t } = useTranslation();
  const { keyword, results, loading, error } = useStore(searchStore);
  const email = useStore(userStore, (user) => user.data?.email ?? null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  /** A playlist is being read and added: the server asks YouTube for it, which may take a few seconds. */
  const [importing, setImporting] = useState(false);
  const busy = loading || importing;
  const rootRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  useEffect(() => resetSearch, []);

  const close = () => {
    setOpen(false);
    setActiveIndex(-1);
  };
  const collapse = () => {
    close();
    setExpanded(false);
  };
  useOutsidePointerDown(rootRef, open || expanded, collapse);
  /** Shows the last answer again (results or message) when the box is focused or clicked. */
  const reopen = () => {
    if (results.length > 0 || error !== null) setOpen(true);
  };

  /** After an answer: show it, unless the user closed the box meanwhile (Escape, back, a click outside). */
  const showAnswer = () => {
    if (rootRef.current?.contains(document.activeElement)) setOpen(true);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const input = keyword.trim();
    if (busy || input === '') return;
    close();
    const list = parsePlaylistLink(input);
    if (list) {
      setImporting(true);
      const added = await onAddList(list.listId).finally(() => setImporting(false));
      if (added) linkAdded(input);
      return;
    }
    if (isLinkInput(input)) {
      const found = await lookUpLink(input);
      if (!found) {
        showAnswer();
      } else if (await onAdd(found)) {
        linkAdded(input);
      }
      return;
    }
    // A keyword longer than the route takes is searched by its beginning, as the platform would.
    const searched = clipSearchKeyword(input);
    track({ name: 'Search videos', properties: { keyword: searched, email } });
    await searchVideos(searched);
    showAnswer();
  };

  const choose = async (result: SearchResult) => {
    close();
    if (await onAdd(toVideo(result))) inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = open ? results.length : 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) {
        if (results.length > 0 && error === null) setOpen(true);
        return;
      }
      event.preventDefault();
      if (count === 0) return;
      const down = event.key === 'ArrowDown';
      setActiveIndex((index) => (down ? (index + 1) % count : index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && open && activeIndex >= 0 && activeIndex < count) {
      event.preventDefault();
      const result = results[activeIndex];
      if (result) void choose(result);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (open) close();
      else {
        collapse();
        inputRef.current?.blur();
      }
    }
  };

  const message =
    error === null
      ? results.length === 0
        ? t('search.noResults')
        : null
      : error === SEARCH_QUOTA_STATUS
        ? t('search.quotaExceeded')
        : // A keyword is not a link: whatever failed (search off, YouTube unreachable, a timeout), search is what
          // does not work now, and pasting a link still does.
          error === SEARCH_UNAVAILABLE_STATUS || !isLinkInput(keyword.trim())
          ? t('search.unavailable')
          : t('search.linkNotFound');
  const showList = open && error === null && results.length > 0;

  return (
    <search
      ref={rootRef}
      className={`flex w-full max-w-xl items-center gap-1 ${expanded ? EXPANDED : ''}`}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) collapse();
      }}
    >
      {expanded && (
        <button
          type="button"
          onClick={() => {
            collapse();
            inputRef.current?.blur();
          }}
          aria-label={t('search.back')}
          className="grid size-10 shrink-0 place-items-center rounded-full text-neutral-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 sm:hidden"
        >
          <svg
            className="size-5"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden="true"
          >
            <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      <form onSubmit={(event) => void submit(event)} className="relative min-w-0 flex-1">
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={showList && activeIndex >= 0 ? optionId(listId, activeIndex) : undefined}
          placeholder={t('search.placeholder')}
          value={keyword}
          onChange={(event) => {
            changeKeyword(event.target.value);
            close();
          }}
          onFocus={() => {
            setExpanded(true);
            reopen();
          }}
          onClick={reopen}
          onKeyDown={onKeyDown}
          enterKeyHint="search"
          autoComplete="off"
          className="h-10 w-full rounded-full border border-white/10 bg-white/5 pr-11 pl-4 text-sm text-white placeholder:text-neutral-400 focus:border-violet-400 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label={t('search.submit')}
          disabled={busy}
          className="absolute top-1/2 right-1 grid size-8 -translate-y-1/2 place-items-center rounded-full text-neutral-400 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {busy ? <Spinner className="size-4" /> : <SearchIcon className="size-4" />}
        </button>
        {open && !loading && (
          <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border border-white/10 bg-neutral-900 shadow-2xl shadow-black/60">
            {showList ? (
              <SearchResultsList id={listId} results={results} activeIndex={activeIndex} onChoose={choose} />
            ) : (
              <p role="alert" className="px-4 py-3 text-sm text-neutral-200">
                {message}
              </p>
            )}
          </div>
        )}
      </form>
    </search>
  );
}
