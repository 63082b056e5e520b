import { useCallback, useSyncExternalStore } from 'react';
import { activeLanguage, subscribeLanguage } from './index.ts';
import { type MessageKey, type MessageValues, translate } from './translate.ts';

/** `t(key, values)` in the active language, and that language; a component re-renders when it changes. */
export function useTranslation() {
  const { language, messages } = useSyncExternalStore(subscribeLanguage, activeLanguage);
  const t = useCallback((key: MessageKey, values?: MessageValues) => translate(messages, key, values), [messages]);
  return { t, language };
}
