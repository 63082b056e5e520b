import { createContext } from 'react';

/** The element inside the top bar where a page may put its own controls (the room page's search box). */
export const TopBarSlotContext = createContext<HTMLElement | null>(null);
