import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { Button } from './Button.tsx';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches a page that could not be loaded (a missing or timed-out code chunk, typically after a deploy or on a bad
 * network) and offers a retry instead of leaving the page blank. Error boundaries must be classes.
 */
export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ChunkLoadFailed onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** 'Không tải được trang.' with 'Thử lại': what a page shows when something it needs could not be loaded. */
export function ChunkLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <p className="text-lg text-neutral-200">{t('chunk.failed')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}
