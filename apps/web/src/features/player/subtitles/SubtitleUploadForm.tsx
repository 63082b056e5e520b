import { SUBTITLE_LABEL_MAX } from '@xemchung/protocol';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { useRoomSession } from '../../room/roomSession.ts';
import { useRoomState } from '../../room/useRoomState.ts';
import { type UploadProblem, uploadSubtitle } from './uploadSubtitle.ts';

const PROBLEM_TEXTS = {
  not_subtitles: 'subtitles.errors.notSubtitles',
  encoding: 'subtitles.errors.encoding',
  empty: 'subtitles.errors.empty',
  too_large: 'subtitles.errors.tooLarge',
  too_fast: 'subtitles.errors.tooFast',
  failed: 'subtitles.errors.failed',
} as const satisfies Record<UploadProblem, string>;

type SubtitleErrorKey =
  | (typeof PROBLEM_TEXTS)[UploadProblem]
  | 'subtitles.errors.full'
  | 'subtitles.errors.unsupported'
  | 'subtitles.errors.capReached'
  | 'subtitles.errors.notAllowed';

/** What a refused `subtitle:add` says (R111); any other refusal says it failed. */
const REFUSAL_TEXTS: Readonly<Partial<Record<string, SubtitleErrorKey>>> = {
  subtitles_full: 'subtitles.errors.full',
  subtitles_unsupported: 'subtitles.errors.unsupported',
  cap_reached: 'subtitles.errors.capReached',
  adding_restricted: 'subtitles.errors.notAllowed',
  forbidden: 'subtitles.errors.notAllowed',
  rate_limited: 'subtitles.errors.tooFast',
};

/**
 * R111: a subtitle file and its label go to the item. The file is read and cleaned by the server first; then the
 * room command attaches it, where the room's add policy and caps apply. What happened is said in the dialog:
 * 'Đã thêm phụ đề …' with how many broken lines were left out ('Bỏ qua 3 dòng phụ đề lỗi'), or why not.
 */
export function SubtitleUploadForm({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const { client } = useRoomSession();
  const roomId = useRoomState()?.id ?? '';
  const fileId = useId();
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState(() => t('subtitles.labelDefault'));
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    const name = label.trim();
    if (!file || sending) return;
    if (name === '') {
      setOutcome({ ok: false, text: t('subtitles.errors.labelMissing') });
      return;
    }
    setSending(true);
    setOutcome(null);
    const upload = await uploadSubtitle(roomId, file);
    if ('problem' in upload) {
      setSending(false);
      setOutcome({ ok: false, text: t(PROBLEM_TEXTS[upload.problem]) });
      return;
    }
    const ack = await client.addSubtitle(videoId, upload.id, name);
    setSending(false);
    if (!ack.ok) {
      setOutcome({ ok: false, text: t(REFUSAL_TEXTS[ack.error.code] ?? 'subtitles.errors.failed') });
      return;
    }
    const added = t('subtitles.added', { label: name, cues: upload.cues });
    const skipped = upload.skipped > 0 ? ` ${t('subtitles.skipped', { count: upload.skipped })}` : '';
    setOutcome({ ok: true, text: `${added}${skipped}` });
    if (input.current) input.current.value = '';
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-white">{t('subtitles.add')}</h3>
      <label htmlFor={fileId} className="text-sm text-neutral-300">
        {t('subtitles.file')}
      </label>
      <input
        id={fileId}
        ref={input}
        type="file"
        required
        accept=".srt,.vtt,text/vtt,application/x-subrip"
        className="text-sm text-neutral-300 file:mr-3 file:min-h-10 file:rounded-full file:border-0 file:bg-white/10 file:px-4 file:text-sm file:text-white hover:file:bg-white/20"
      />
      <label htmlFor={labelId} className="text-sm text-neutral-300">
        {t('subtitles.label')}
      </label>
      <input
        id={labelId}
        value={label}
        maxLength={SUBTITLE_LABEL_MAX}
        onChange={(event) => setLabel(event.target.value)}
        className="min-h-10 rounded-lg bg-white/5 px-3 text-sm text-white ring-1 ring-white/15 focus-visible:outline-2 focus-visible:outline-violet-400"
      />
      <button
        type="submit"
        disabled={sending}
        className="min-h-10 self-start rounded-full bg-violet-600 px-5 text-sm font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-violet-300 disabled:opacity-60"
      >
        {sending ? t('subtitles.uploading') : t('subtitles.upload')}
      </button>
      <p role="status" className={outcome?.ok === false ? 'text-sm text-red-300' : 'text-sm text-emerald-300'}>
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}
