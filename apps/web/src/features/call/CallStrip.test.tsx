import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallMember, CallPolicy } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { CallStrip } from './CallStrip.tsx';

const member = (key: string, uid: string | null, name: string | null): CallMember => ({
  peer: `${key.replace(':', '-')}-tab`,
  by: { key, uid, name, photoURL: null, guestTag: uid === null ? 'QWER5678ZZ' : null },
  audio: true,
  video: false,
});
const HOST = member('u:host-uid', 'host-uid', 'An');
const LAN = member('u:lan', 'lan', 'Lan');

function room(callPolicy: CallPolicy, call: CallMember[]) {
  const base = roomSnapshot();
  return roomSnapshot({ call, cohosts: ['lan'], settings: { ...base.settings, callPolicy } });
}

describe('CallStrip (R127)', () => {
  it('shows nothing while the host has the call off', async () => {
    await renderInRoom(<CallStrip />, { room: room('off', []), uid: 'binh' });
    expect(screen.queryByRole('region', { name: 'Gọi thoại' })).toBeNull();
  });

  it('offers a signed-in viewer to join, and shows who is in the call', async () => {
    await renderInRoom(<CallStrip />, { room: room('signedIn', [HOST, LAN]), uid: 'binh' });
    const call = await screen.findByRole('region', { name: 'Gọi thoại' });
    expect(call).toHaveTextContent('2 người đang gọi');
    expect(screen.getByRole('button', { name: 'Tham gia gọi thoại' })).toBeVisible();
    expect(screen.getByText('An')).toBeVisible();
    expect(screen.getByRole('slider', { name: 'Âm lượng của Lan' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Tắt micro của/ })).toBeNull();
  });

  it('keeps a guest out where only signed-in viewers may join, and says so', async () => {
    await renderInRoom(<CallStrip />, { room: room('signedIn', [HOST]) });
    expect(screen.getByText('Chủ phòng chỉ cho người đã đăng nhập tham gia gọi thoại.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Tham gia gọi thoại' })).toBeNull();
  });

  it('lets a co-host mute anyone but the host for everyone', async () => {
    const binh = member('u:binh', 'binh', 'Bình');
    const { socket } = await renderInRoom(<CallStrip />, { room: room('signedIn', [HOST, binh]), uid: 'lan' });
    expect(screen.queryByRole('button', { name: 'Tắt micro của An cho mọi người' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tắt micro của Bình cho mọi người' }));
    expect(socket.commands('call:mute')).toEqual([{ peer: binh.peer }]);
  });
});

describe('CallStrip joining (R127)', () => {
  const refuseWith = (name: string) => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(new DOMException('no', name)) },
    });
  };

  it.each([
    ['NotAllowedError', 'Bạn chưa cho phép dùng micro hoặc camera.'],
    ['NotFoundError', 'Không tìm thấy micro hoặc camera trên máy này.'],
  ])('says why when the browser answers %s, and sends nothing', async (name, text) => {
    refuseWith(name);
    const { socket } = await renderInRoom(<CallStrip />, { room: room('signedIn', []), uid: 'binh' });
    await userEvent.click(screen.getByRole('button', { name: 'Tham gia gọi thoại' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(socket.commands('call:join')).toEqual([]);
  });
});
