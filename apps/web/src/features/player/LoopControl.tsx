import { LOOP_MODES, type LoopMode } from '@xemchung/protocol';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { useRoomState } from '../room/useRoomState.ts';

const LABELS = { off: 'player.loopOff', one: 'player.loopOne', all: 'player.loopAll' } as const;

/**
 * The room's loop mode under the player, for the host and co-hosts (R63): three toggle buttons, the room's mode
 * pressed. It is the room's, not this viewer's: everyone's end of an item follows it.
 */
export function LoopControl() {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const mode = useRoomState()?.loop ?? 'off';
  const alertRefusal = useCommandAlert();
  const choose = (next: LoopMode) => {
    if (next === mode) return;
    void client.setLoop(next).then((ack) => {
      if (!ack.ok) alertRefusal(ack.error);
    });
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      {/* On a phone the three choices fit one line only without the legend's word; screen readers still get it. */}
      <legend className="float-left pr-1 text-xs text-neutral-400 max-sm:sr-only">{t('player.loop')}</legend>
      {LOOP_MODES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === mode}
          onClick={() => choose(option)}
          className="rounded-full px-2.5 py-1 text-xs text-neutral-300 ring-1 ring-white/10 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-violet-400 aria-pressed:bg-violet-600 aria-pressed:text-white"
        >
          {t(LABELS[option])}
        </button>
      ))}
    </fieldset>
  );
}
