import { useState } from 'react';
import { useAlert } from '../../../components/alertContext.ts';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { canShareScreen, type ScreenShareSession, type ShareStartProblem } from './screenShare.ts';

const PROBLEM_TEXTS = ['denied', 'unsupported', 'share_taken', 'forbidden'] as const;
type ProblemText = (typeof PROBLEM_TEXTS)[number] | 'failed';
const problemText = (problem: ShareStartProblem): ProblemText =>
  (PROBLEM_TEXTS as readonly string[]).includes(problem) ? (problem as ProblemText) : 'failed';

/**
 * 'Chia sẻ màn hình' under the player (R126): for the host and co-hosts, while nobody shares, in a browser that can
 * share a screen (phones mostly cannot, and are not offered it).
 */
export function ShareScreenButton({ session }: { session: ScreenShareSession }) {
  const { t } = useTranslation();
  const showAlert = useAlert();
  const [starting, setStarting] = useState(false);
  if (!canShareScreen()) return null;

  const start = async () => {
    setStarting(true);
    try {
      const problem = await session.start();
      if (problem) showAlert(t(`screenShare.errors.${problemText(problem)}`));
    } finally {
      setStarting(false);
    }
  };

  return (
    <button
      type="button"
      title={t('screenShare.startHint')}
      disabled={starting}
      onClick={() => void start()}
      className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 text-sm text-neutral-200 ring-1 ring-white/15 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 disabled:opacity-60"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
        <path d="M2 4a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-5v2h2v1.5H6V16h2v-2H3a1 1 0 0 1-1-1V4Zm2 1v7h12V5H4Zm6 .5 3 3h-2V11H9V8.5H7l3-3Z" />
      </svg>
      <span>{starting ? t('screenShare.starting') : t('screenShare.start')}</span>
    </button>
  );
}
