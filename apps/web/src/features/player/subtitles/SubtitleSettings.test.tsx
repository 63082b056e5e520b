import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Video } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { mediaVideo, ROOM_ID, roomSnapshot } from '../../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../../test/renderInRoom.tsx';
import { useRoomState } from '../../room/useRoomState.ts';
import { SubtitleSettings } from './SubtitleSettings.tsx';

const film: Video = {
  ...mediaVideo('m_one', 'Phim'),
  subtitles: [{ id: 'AAAAAAAAAAAAAAAAAAAAAA', label: 'Tiếng Việt', cues: 6, by: 'An' }],
};

/** The settings of the room's first item, as the room client holds it. */
function FilmSettings() {
  const film = useRoomState()?.playlist[0];
  return film ? <SubtitleSettings video={film} controller /> : null;
}

describe('SubtitleSettings, the shift (R112)', () => {
  it('adds up quick clicks: each steps from the shift last asked for, not from the room not yet answered', async () => {
    const room = roomSnapshot({ playlist: [film] });
    const answers: Array<() => void> = [];
    const { socket } = await renderInRoom(<FilmSettings />, { room, isHost: true });
    let version = room.version;
    socket.answer = () =>
      new Promise((resolve) => {
        const at = ++version;
        answers.push(() => resolve({ ok: true, version: at }));
      });

    for (let i = 0; i < 5; i++) await userEvent.click(screen.getByRole('button', { name: 'Muộn 0,1 giây' }));
    expect(socket.commands('subtitle:shift').map((command) => (command as { shiftMs: number }).shiftMs)).toEqual([
      100, 200, 300, 400, 500,
    ]);
    expect(screen.getByText('+0,5 giây')).toBeInTheDocument();

    // The answers come before the room's delta: the shift asked for stays shown until the room reaches it.
    await act(async () => {
      for (const answer of answers) answer();
    });
    expect(screen.getByText('+0,5 giây')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sớm 0,1 giây' }));
    expect(socket.commands('subtitle:shift').at(-1)).toEqual({ id: 'm_one', shiftMs: 400 });
  });

  it("shows the room's shift once the room has caught up, a change by another controller included", async () => {
    const room = roomSnapshot({ playlist: [film] });
    const { socket } = await renderInRoom(<FilmSettings />, {
      room,
      isHost: true,
    });
    socket.answer = () => ({ ok: true, version: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Muộn 0,1 giây' }));
    expect(screen.getByText('+0,1 giây')).toBeInTheDocument();

    const shifted = { ...film, subtitleShiftMs: 700 };
    act(() => socket.fire('room:delta', { roomId: ROOM_ID, version: 2, set: {}, playlist: { changed: [shifted] } }));
    expect(screen.getByText('+0,7 giây')).toBeInTheDocument();
  });

  it('a refused click falls back to the shift the room took before it, not to the room state not yet arrived', async () => {
    const room = roomSnapshot({ playlist: [film] });
    const { socket } = await renderInRoom(<FilmSettings />, { room, isHost: true });
    let answer = 0;
    socket.answer = () =>
      ++answer === 1 ? { ok: true, version: 2 } : { ok: false, error: { code: 'rate_limited', message: 'x' } };
    await userEvent.click(screen.getByRole('button', { name: 'Muộn 0,1 giây' }));
    await userEvent.click(screen.getByRole('button', { name: 'Muộn 0,1 giây' }));
    // The second was refused; the first was taken (version 2), its delta still on its way.
    expect(await screen.findByText('+0,1 giây')).toBeInTheDocument();
  });

  it('a shift asked for one item is not shown for the next one the dialog comes to', async () => {
    const room = roomSnapshot({ playlist: [film] });
    const { socket } = await renderInRoom(<FilmSettings />, { room, isHost: true });
    socket.answer = () => new Promise(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Muộn 0,1 giây' }));
    expect(screen.getByText('+0,1 giây')).toBeInTheDocument();
    const next = { ...mediaVideo('m_two', 'Phim khác'), subtitles: film.subtitles, subtitleShiftMs: -300 };
    act(() =>
      socket.fire('room:delta', {
        roomId: ROOM_ID,
        version: 2,
        set: {},
        playlist: { removed: ['m_one'], inserted: [{ index: 0, video: next }] },
      }),
    );
    expect(screen.getByText('−0,3 giây')).toBeInTheDocument();
  });

  it('drops the shift asked for when the room refuses it', async () => {
    const room = roomSnapshot({ playlist: [film] });
    const { socket } = await renderInRoom(<FilmSettings />, { room, isHost: true });
    socket.answer = () => ({ ok: false, error: { code: 'forbidden', message: 'x' } });
    await userEvent.click(screen.getByRole('button', { name: 'Muộn 0,1 giây' }));
    expect(await screen.findByText('0 giây')).toBeInTheDocument();
  });
});
