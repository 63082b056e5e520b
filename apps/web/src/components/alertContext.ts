import { createContext, useContext } from 'react';

/** Shows `message` to the user for a few seconds (an alert, announced by screen readers). */
export type ShowAlert = (message: string) => void;

export const AlertContext = createContext<ShowAlert | null>(null);

/** The page's alert line; needs an AlertProvider above. */
export function useAlert(): ShowAlert {
  const show = useContext(AlertContext);
  if (!show) throw new Error('useAlert must be used inside <AlertProvider>');
  return show;
}
