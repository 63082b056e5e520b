import type { RoomSummary } from '@xemchung/protocol';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useUser } from '../features/auth/userStore.ts';
import { useSignIn } from '../features/auth/useSignIn.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { roomPath } from '../lib/paths.ts';
import { CreateRoomForm } from './home/CreateRoomForm.tsx';
import { HowItWorks } from './home/HowItWorks.tsx';
import { type MyRoom, useMyRoom } from './home/useMyRoom.ts';

/** docs/product.md#home: headline, tagline and one action that depends on who is here. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="relative flex flex-1 flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-[32rem] w-[56rem] max-w-[200vw] -translate-x-1/2 rounded-full bg-violet-700/25 blur-3xl"
      />
      <section className="relative mx-auto flex w-full max-w-4xl flex-col items-center px-6 pt-16 pb-12 text-center sm:pt-28">
        <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-balance text-white sm:text-6xl sm:leading-[1.1]">
          {t('home.headline')}
        </h1>
        <p className="mt-5 max-w-2xl text-base text-pretty text-neutral-300 sm:text-lg">{t('home.tagline')}</p>
        <div className="mt-10 flex min-h-24 w-full flex-col items-center">
          <HomeAction />
        </div>
      </section>
      <HowItWorks />
    </div>
  );
}

function HomeAction() {
  const { t } = useTranslation();
  const user = useUser();
  const { signIn, signingIn } = useSignIn();
  // Signed in from this page: the start button is gone, so focus goes to what replaces it once it is known.
  const [signedInHere, setSignedInHere] = useState(false);

  if (user.data) return <SignedInAction key={user.data.uid} focusWhenReady={signedInHere} />;
  // user.loading without our own sign-in in flight is the start-up session check.
  if (user.loading && !signingIn) return <LargeSpinner />;
  return (
    <Button
      loading={signingIn}
      onClick={() => void signIn().then(() => setSignedInHere(true))}
      className="px-10 text-lg"
    >
      {t('home.start')}
    </Button>
  );
}

/** Keyed by uid by its parent, and remounted by 'Thử lại', so each account or retry gets a fresh lookup. */
function SignedInAction({ focusWhenReady }: { focusWhenReady: boolean }) {
  const [attempt, setAttempt] = useState(0);
  return <MyRoomAction key={attempt} focusWhenReady={focusWhenReady} onRetry={() => setAttempt((n) => n + 1)} />;
}

function MyRoomAction({ onRetry, focusWhenReady }: { onRetry: () => void; focusWhenReady: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const myRoom = useMyRoom();
  useEffect(() => {
    // The main action: 'Vào phòng', the room name of the create form, or 'Thử lại'.
    if (focusWhenReady && myRoom.status !== 'loading')
      box.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [focusWhenReady, myRoom.status]);
  return (
    <div ref={box} className="contents">
      <MyRoomActionBody myRoom={myRoom} onRetry={onRetry} />
    </div>
  );
}

function MyRoomActionBody({ myRoom, onRetry }: { myRoom: MyRoom; onRetry: () => void }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const openRoom = (room: RoomSummary, replace: boolean) => navigate(roomPath(room.id), { replace });

  switch (myRoom.status) {
    case 'loading':
      return <LargeSpinner />;
    case 'found':
      return (
        <div className="flex flex-col items-center gap-3">
          <Button onClick={() => openRoom(myRoom.room, false)} className="px-10 text-lg">
            {t('home.enterRoom')}
          </Button>
          <p className="max-w-full truncate text-sm text-neutral-400">
            {t('home.yourRoom', { name: myRoom.room.name })}
          </p>
        </div>
      );
    case 'none':
      return <CreateRoomForm onCreated={(room) => openRoom(room, true)} />;
    case 'error':
      return (
        <div role="alert" className="flex flex-col items-center gap-3">
          <p className="text-neutral-300">{t('home.lookupFailed')}</p>
          <Button onClick={onRetry}>{t('common.retry')}</Button>
        </div>
      );
  }
}

function LargeSpinner() {
  return (
    <div className="py-2 text-violet-400">
      <Spinner className="size-8" />
    </div>
  );
}
