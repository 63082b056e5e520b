import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface SidePanelTab {
  id: string;
  label: string;
  /** A number beside the label (viewers, unread messages); hidden when absent. */
  count?: number;
  /** What the number is, in words, for the tab's name ('4 người đang xem'): a bare number says nothing. */
  countLabel?: string;
  panel: ReactNode;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The side panel's tabs ('Danh sách phát', 'Người xem', …), on every screen size: one panel shows at a time, the
 * others stay mounted (hidden) so they keep their scroll and state. Keyboard as the WAI-ARIA tabs pattern:
 * arrows, Home and End move between tabs and select them.
 */
export interface SidePanelTabsProps {
  label: string;
  tabs: SidePanelTab[];
  /** Told the id of each tab selected. */
  onSelect?: (id: string) => void;
}

export function SidePanelTabs({ label, tabs, onSelect }: SidePanelTabsProps) {
  const baseId = useId();
  const [selected, setSelectedState] = useState(tabs[0]?.id ?? '');
  const setSelected = (id: string) => {
    setSelectedState(id);
    onSelect?.(id);
  };
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT_KEYS[event.key];
    const index = tabs.findIndex((tab) => tab.id === selected);
    if (!move || index < 0) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)];
    if (!next) return;
    setSelected(next.id);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 rounded-full bg-white/5 p-1">
        {tabs.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              // Named in words when the caller says what the number is ('Người xem, 4 người đang xem'): a bare
              // number after the label says nothing.
              aria-label={tab.count !== undefined && tab.countLabel ? `${tab.label}, ${tab.countLabel}` : undefined}
              aria-controls={panelId(tab.id)}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.id)}
              className={`flex min-h-9 flex-1 items-center justify-center gap-1 rounded-full px-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-violet-400 ${
                active ? 'bg-violet-600 text-white shadow' : 'text-neutral-300 hover:bg-white/10 hover:text-white'
              }`}
            >
              {tab.label}
              {tab.count !== undefined && (
                <>
                  {' '}
                  <span
                    className={`min-w-5 rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-black/25' : 'bg-white/10'}`}
                  >
                    {tab.count}
                  </span>
                </>
              )}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
          className="flex min-h-0 flex-1 flex-col"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
