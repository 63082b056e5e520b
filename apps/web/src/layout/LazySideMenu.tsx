import { useEffect, useState } from 'react';
import { ChunkLoadFailed } from '../components/ChunkErrorBoundary.tsx';

type SideMenuModule = typeof import('./SideMenu.tsx');

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The side menu, as a chunk of its own: no page needs it for its first render, so it is fetched right after
 * that render (ready long before anyone opens it) and again on opening if that fetch failed. Once here it stays
 * mounted, so closing hands focus back as the menu does.
 */
export function LazySideMenu({ open, onClose }: Props) {
  const [module, setModule] = useState<SideMenuModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is a trigger: 'Thử lại' fetches again.
  useEffect(() => {
    if (module || (failed && !open)) return;
    let current = true;
    import('./SideMenu.tsx').then(
      (loaded) => current && setModule(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
    // `open` and `attempt`: opening the menu, or 'Thử lại', fetches again after a failure.
  }, [module, failed, open, attempt]);

  if (module) return <module.SideMenu open={open} onClose={onClose} />;
  if (!open || !failed) return null;
  return (
    <div className="fixed inset-x-0 top-14 z-40 border-b border-white/10 bg-neutral-900">
      <ChunkLoadFailed
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    </div>
  );
}
