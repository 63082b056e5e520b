import type { SearchResult } from '@xemchung/protocol';
import { useEffect } from 'react';
import { VideoThumbnail } from '../../components/VideoThumbnail.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';

interface Props {
  id: string;
  results: SearchResult[];
  /** Index of the option chosen by the arrow keys, -1 for none. */
  activeIndex: number;
  onChoose: (result: SearchResult) => void;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/** The dropdown of search hits, a listbox driven by the search input (combobox pattern). */
export function SearchResultsList({ id, results, activeIndex, onChoose }: Props) {
  const { t } = useTranslation();

  useEffect(() => {
    if (activeIndex < 0) return;
    // Optional call: jsdom has no scrollIntoView.
    document.getElementById(optionId(id, activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeIndex]);

  return (
    <div
      id={id}
      role="listbox"
      aria-label={t('search.results')}
      className="max-h-[70dvh] overflow-y-auto py-1 sm:max-h-[50vh]"
    >
      {results.map((result, index) => (
        <div
          // Unique: the server drops repeated ids (apps/server/src/search/youtube-wire.ts).
          key={result.id}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          // Keeps the focus in the input, so the keyboard keeps working after a click elsewhere in the list.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(result)}
          // Options are not in the tab order (the input drives them), but stay usable if focused otherwise.
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChoose(result);
          }}
          className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm text-neutral-100 hover:bg-white/10 ${
            index === activeIndex ? 'bg-white/10' : ''
          }`}
        >
          <VideoThumbnail src={result.thumbnail} />
          <span className="line-clamp-2 min-w-0">{result.title}</span>
        </div>
      ))}
    </div>
  );
}
