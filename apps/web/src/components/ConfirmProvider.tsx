import { type ReactNode, useCallback, useState } from 'react';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog.tsx';
import { ConfirmContext } from './confirmContext.ts';

/** Holds the one pending confirmation of the app and renders its dialog. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirm = useCallback((message: string, action: () => void) => setRequest({ message, action }), []);
  const close = useCallback(() => setRequest(null), []);
  return (
    <ConfirmContext value={confirm}>
      {children}
      <ConfirmDialog request={request} onClose={close} />
    </ConfirmContext>
  );
}
