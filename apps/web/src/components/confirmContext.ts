import { createContext, useContext } from 'react';

/** Asks the user to confirm `message`; `action` runs only on 'Có'. */
export type Confirm = (message: string, action: () => void) => void;

export const ConfirmContext = createContext<Confirm | null>(null);

/** The app-wide confirmation prompt; needs a ConfirmProvider above. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
