import {
  ADD_POLICIES,
  type AddPolicy,
  CALL_POLICIES,
  type CallPolicy,
  PER_PERSON_CAP_MAX,
  READY_GATE_MAX_SECONDS,
  type RoomSettings,
  type SettingsChange,
} from '@xemchung/protocol';
import { type FormEvent, useId, useState } from 'react';
import { useAlert } from '../../components/alertContext.ts';
import { Button } from '../../components/Button.tsx';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useCommandAlert } from '../room/useCommandAlert.ts';
import { useRoomState } from '../room/useRoomState.ts';

const POLICY_LABELS = {
  everyone: 'roomSettings.addEveryone',
  signedIn: 'roomSettings.addSignedIn',
  controllers: 'roomSettings.addControllers',
} as const satisfies Record<AddPolicy, string>;

const CALL_POLICY_LABELS = {
  off: 'roomSettings.callOff',
  signedIn: 'roomSettings.callSignedIn',
  everyone: 'roomSettings.callEveryone',
} as const satisfies Record<CallPolicy, string>;

/** The ready gate's bounds a host picks from (R122): off, then every second up to the most. */
const READY_GATE_CHOICES = Array.from({ length: READY_GATE_MAX_SECONDS + 1 }, (_, seconds) => seconds);

/** Only what differs from the room's settings, so two host tabs changing different settings keep both. */
function changeFrom(current: RoomSettings, wanted: RoomSettings): SettingsChange {
  const change: SettingsChange = {};
  if (wanted.addPolicy !== current.addPolicy) change.addPolicy = wanted.addPolicy;
  if (wanted.guestChat !== current.guestChat) change.guestChat = wanted.guestChat;
  if (wanted.perPersonCap !== current.perPersonCap) change.perPersonCap = wanted.perPersonCap;
  if (wanted.skipVoting !== current.skipVoting) change.skipVoting = wanted.skipVoting;
  if (wanted.readyGateSeconds !== current.readyGateSeconds) change.readyGateSeconds = wanted.readyGateSeconds;
  return change;
}

/**
 * The host's settings (R56, R64): who may add, whether guests may chat, the per-person cap, whether viewers may
 * vote to skip; R122: how long a start waits for the players still loading.
 */
export function RoomSettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const ids = { cap: useId(), hint: useId(), error: useId(), gate: useId(), gateHint: useId(), call: useId() };
  const { client } = useRoomSession();
  const current = useRoomState()?.settings;
  const alert = useAlert();
  const alertRefusal = useCommandAlert();
  // The form starts from the settings as they were when it opened.
  const [addPolicy, setAddPolicy] = useState(current?.addPolicy ?? 'everyone');
  const [guestChat, setGuestChat] = useState(current?.guestChat ?? false);
  const [cap, setCap] = useState(String(current?.perPersonCap ?? ''));
  const [skipVoting, setSkipVoting] = useState(current?.skipVoting ?? true);
  const [readyGateSeconds, setReadyGateSeconds] = useState(current?.readyGateSeconds ?? 0);
  const [callPolicy, setCallPolicy] = useState(current?.callPolicy ?? 'signedIn');
  const [saving, setSaving] = useState(false);
  const capValue = Number(cap);
  const capValid = /^\d+$/.test(cap.trim()) && capValue >= 1 && capValue <= PER_PERSON_CAP_MAX;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !capValid) return;
    const change = changeFrom(current, {
      addPolicy,
      guestChat,
      perPersonCap: capValue,
      skipVoting,
      readyGateSeconds,
      callPolicy,
    });
    if (Object.keys(change).length === 0) return onSaved();
    setSaving(true);
    const ack = await client.changeSettings(change);
    setSaving(false);
    if (!ack.ok) return alertRefusal(ack.error);
    alert(t('roomSettings.saved'));
    onSaved();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-white">{t('roomSettings.addPolicy')}</legend>
        {ADD_POLICIES.map((policy) => (
          <label key={policy} className="flex min-h-10 cursor-pointer items-center gap-3 text-neutral-200">
            <input
              type="radio"
              name="addPolicy"
              value={policy}
              checked={addPolicy === policy}
              onChange={() => setAddPolicy(policy)}
              className="size-4 accent-violet-500"
            />
            {t(POLICY_LABELS[policy])}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.call} className="text-sm font-semibold text-white">
          {t('roomSettings.callPolicy')}
        </label>
        <select
          id={ids.call}
          value={callPolicy}
          onChange={(event) => setCallPolicy(event.target.value as CallPolicy)}
          className="w-56 rounded-xl border border-white/15 bg-neutral-950 px-3 py-2 text-white focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {CALL_POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {t(CALL_POLICY_LABELS[policy])}
            </option>
          ))}
        </select>
      </div>
      <SettingCheckbox checked={guestChat} onChange={setGuestChat} label={t('roomSettings.guestChat')} />
      <SettingCheckbox checked={skipVoting} onChange={setSkipVoting} label={t('roomSettings.skipVoting')} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.cap} className="text-sm font-semibold text-white">
          {t('roomSettings.perPersonCap')}
        </label>
        <input
          id={ids.cap}
          type="number"
          inputMode="numeric"
          min={1}
          max={PER_PERSON_CAP_MAX}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          aria-invalid={!capValid}
          aria-describedby={capValid ? ids.hint : `${ids.error} ${ids.hint}`}
          className="w-28 rounded-xl border border-white/15 bg-neutral-950 px-3 py-2 text-white focus-visible:outline-2 focus-visible:outline-violet-400 aria-invalid:border-red-400"
        />
        {!capValid && (
          <p id={ids.error} className="text-sm text-red-300">
            {t('roomSettings.perPersonCapInvalid', { max: PER_PERSON_CAP_MAX })}
          </p>
        )}
        <p id={ids.hint} className="text-xs text-neutral-400">
          {t('roomSettings.perPersonCapHint', { max: PER_PERSON_CAP_MAX })}
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={ids.gate} className="text-sm font-semibold text-white">
          {t('roomSettings.readyGate')}
        </label>
        <select
          id={ids.gate}
          value={readyGateSeconds}
          onChange={(event) => setReadyGateSeconds(Number(event.target.value))}
          aria-describedby={ids.gateHint}
          className="w-44 rounded-xl border border-white/15 bg-neutral-950 px-3 py-2 text-white focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {READY_GATE_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? t('roomSettings.readyGateOff') : t('roomSettings.readyGateSeconds', { count: seconds })}
            </option>
          ))}
        </select>
        <p id={ids.gateHint} className="text-xs text-neutral-400">
          {t('roomSettings.readyGateHint')}
        </p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={saving} disabled={!capValid}>
          {t('roomSettings.save')}
        </Button>
      </div>
    </form>
  );
}

/** One on/off setting of the room, its whole row a click target. */
function SettingCheckbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-3 text-neutral-200">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-violet-500"
      />
      {label}
    </label>
  );
}
