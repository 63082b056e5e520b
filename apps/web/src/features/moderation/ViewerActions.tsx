import type { AckResult, Person, Role } from '@xemchung/protocol';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useConfirm } from '../../components/confirmContext.ts';
import { anchorStyles, POPOVER_SUPPORTED, usePopover } from '../../components/usePopover.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { usePersonName } from '../room/usePersonName.ts';
import { useMay } from '../room/useRole.ts';

export interface ViewerActionsProps {
  /** The viewer of the row. */
  viewer: Person;
  /** Their role in the room. */
  role: Role;
}

/** Below the button, its right edges lined up; above it near the bottom of the window, and the other way near a side. */
const POPOVER =
  'open:flex supports-[position-area:bottom]:inset-auto supports-[position-area:bottom]:m-0 supports-[position-area:bottom]:my-1 supports-[position-area:bottom]:[position-area:bottom_span-left] supports-[position-area:bottom]:[position-try-fallbacks:flip-block,flip-inline,flip-block_flip-inline]';

const ITEM =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-left text-sm hover:bg-white/10 focus-visible:bg-white/10 focus-visible:-outline-offset-2';

/**
 * The host's menu for one viewer row (for the presence list's `renderActions` slot): give or take back control
 * (signed-in viewers only, R55), ask to leave (R58) and ban (signed-in viewers only, R59); the last two after a
 * confirmation. Nobody else sees it, and the host has none for themself.
 */
export function ViewerActions({ viewer, role }: ViewerActionsProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const { client } = useRoomSession();
  const confirm = useConfirm();
  const personName = usePersonName();
  const alertRefusal = useCommandAlert();
  const moderates = useMay('moderation:kick');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Above everything (the top layer), beside its button and flipped near an edge; the first item takes focus when
  // it opens, as a menu button's menu does.
  usePopover(menu, toggle, open, setOpen, (shown) => shown.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
  if (!moderates || role === 'host') return null;

  const name = personName(viewer);
  const uid = viewer.uid;
  /** Closes the menu with the focus back on its button, before the item's command or question takes over. */
  const close = () => {
    toggle.current?.focus();
    setOpen(false);
  };
  const run = (command: () => Promise<AckResult<object>>) => {
    close();
    void command().then((ack) => {
      if (!ack.ok) alertRefusal(ack.error);
    });
  };
  const items = [
    uid !== null && role === 'cohost'
      ? { label: t('viewerActions.revoke'), act: () => run(() => client.revoke(uid)), danger: false }
      : null,
    uid !== null && role !== 'cohost'
      ? { label: t('viewerActions.grant'), act: () => run(() => client.grant(uid)), danger: false }
      : null,
    {
      label: t('viewerActions.kick'),
      danger: true,
      act: () => {
        close();
        // R107: the question says what the kick binds: a guest's network is put out with it; a member's keeps
        // newcomers out (R58, R104).
        const question = uid === null ? 'viewerActions.confirmKickGuest' : 'viewerActions.confirmKickMember';
        confirm(t(question, { name }), () => run(() => client.kick(viewer.key)));
      },
    },
    uid !== null
      ? {
          label: t('viewerActions.ban'),
          danger: true,
          act: () => {
            close();
            confirm(t('viewerActions.confirmBan', { name }), () => run(() => client.ban(uid)));
          },
        }
      : null,
  ].filter((item) => item !== null);

  /** Arrow keys move between the items; Escape closes and gives focus back to the button. */
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    }
  };

  return (
    <div className="shrink-0">
      <button
        ref={toggle}
        type="button"
        data-control="menu"
        style={anchorStyles(menuId).anchor}
        onClick={() => setOpen((shown) => !shown)}
        aria-label={t('viewerActions.menu', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="grid size-10 place-items-center rounded-full text-neutral-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400"
      >
        <svg className="size-5" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="19" r="1.8" />
        </svg>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          popover={POPOVER_SUPPORTED ? 'auto' : undefined}
          role="menu"
          aria-label={name}
          onKeyDown={onMenuKeyDown}
          style={anchorStyles(menuId).popover}
          className={`${POPOVER_SUPPORTED ? POPOVER : 'flex'} w-56 flex-col rounded-xl border border-white/10 bg-neutral-900 p-1 text-neutral-100 shadow-2xl`}
        >
          {items.map((item) => (
            <button key={item.label} type="button" role="menuitem" onClick={item.act} className={ITEM}>
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
