import type { Role, Viewer } from '@xemchung/protocol';
import type { ReactNode } from 'react';
import { PersonAvatar } from '../../components/PersonAvatar.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { SyncBadge } from './SyncBadge.tsx';
import { usePersonName } from './usePersonName.ts';

export interface ViewerRowProps {
  viewer: Viewer;
  role: Role;
  /** Controls at the end of the row (grant or revoke control, kick…), when the caller has any for this viewer. */
  actions?: ReactNode;
}

/** One person in the presence list (R52): picture or initials, name or 'Khách' and a tag, role, sync badge. */
export function ViewerRow({ viewer, role, actions }: ViewerRowProps) {
  const { t } = useTranslation();
  const name = usePersonName()(viewer);
  const badge = role === 'host' ? t('presence.host') : role === 'cohost' ? t('presence.cohost') : null;
  return (
    <li className="flex items-center gap-3 rounded-xl px-2 py-2 hover:bg-white/5">
      <PersonAvatar person={viewer} className="size-9 text-sm" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-neutral-100" title={name}>
          {name}
        </span>
        {(badge || viewer.tabs > 1) && (
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-neutral-400">
            {badge && <span className="font-semibold text-violet-300">{badge}</span>}
            {viewer.tabs > 1 && <span>{t('presence.tabCount', { count: viewer.tabs })}</span>}
          </span>
        )}
      </span>
      <SyncBadge report={viewer.report} />
      {actions}
    </li>
  );
}
