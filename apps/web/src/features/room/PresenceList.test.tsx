import { act, screen, within } from '@testing-library/react';
import type { Viewer } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { ROOM_ID, roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { PresenceList } from './PresenceList.tsx';

const person = (uid: string, name: string, photoURL: string | null = null) => ({
  key: `u:${uid}`,
  uid,
  name,
  photoURL,
  guestTag: null,
});
const guest = (tag: string) => ({ key: `g:${tag}`, uid: null, name: null, photoURL: null, guestTag: tag });

const VIEWERS: Viewer[] = [
  { ...guest('7KQ2M9XAB1'), tabs: 1, report: { state: 'error' } },
  { ...person('binh', 'Trần Bình'), tabs: 1, report: { state: 'playing', errorMs: -180, rttMs: 60 } },
  { ...person('an', 'Nguyễn An'), tabs: 2, report: { state: 'playing', errorMs: 12, rttMs: 40 } },
  { ...person('host-uid', 'Chủ Phòng', 'https://example.test/a.png'), tabs: 1, report: { state: 'buffering' } },
  { ...person('cuong', 'Lê Cường'), tabs: 1, report: { state: 'playing', errorMs: 1234, rttMs: 300 } },
  { ...person('dung', 'Phạm Dung'), tabs: 1, report: null },
];

async function showList(renderActions?: (viewer: Viewer) => React.ReactNode) {
  const view = await renderInRoom(<PresenceList renderActions={renderActions} />, {
    room: roomSnapshot({ cohosts: ['binh'] }),
  });
  act(() => view.socket.fire('room:presence', { roomId: ROOM_ID, viewers: VIEWERS }));
  return view;
}

const rows = () => within(screen.getByRole('list', { name: 'Người xem' })).getAllByRole('listitem');

describe('PresenceList (R52, R53)', () => {
  it('lists the host first, then co-hosts, signed-in viewers by name and guests as Khách and a short tag', async () => {
    await showList();
    expect(screen.getByText('6 người đang xem')).toBeInTheDocument();
    const names = rows().map((row) => row.querySelector('.truncate')?.textContent);
    expect(names).toEqual(['Chủ Phòng', 'Trần Bình', 'Lê Cường', 'Nguyễn An', 'Phạm Dung', 'Khách 7KQ2']);
    expect(rows()[0]).toHaveTextContent('Chủ phòng');
    expect(rows()[1]).toHaveTextContent('Đồng chủ phòng');
    expect(rows()[3]).toHaveTextContent('2 thẻ');
  });

  it('gives each row a badge in words: green, amber, red by the error, grey with the state otherwise', async () => {
    await showList();
    const badge = (index: number) => within(rows()[index] as HTMLElement).getByRole('img', { name: /^Đồng bộ/ });
    expect(badge(3)).toHaveAccessibleName('Đồng bộ tốt: lệch 12 ms');
    expect(badge(3)).toHaveAttribute('data-level', 'good');
    expect(badge(3)).toHaveAttribute(
      'title',
      'Đồng bộ tốt: lệch 12 ms · nhanh hơn phòng · theo lần báo gần nhất · độ trễ mạng 40 ms',
    );
    expect(badge(1)).toHaveAccessibleName('Đồng bộ khá: lệch 180 ms');
    expect(badge(1)).toHaveAttribute('data-level', 'fair');
    expect(badge(2)).toHaveAccessibleName('Đồng bộ kém: lệch 1.234 ms');
    expect(badge(2)).toHaveAttribute('data-level', 'poor');
    expect(badge(0)).toHaveAccessibleName('Đồng bộ: đang tải');
    expect(badge(0)).toHaveTextContent('Đang tải');
    expect(badge(5)).toHaveAccessibleName('Đồng bộ: lỗi phát video');
    expect(badge(5)).toHaveTextContent('Lỗi');
    expect(badge(4)).toHaveAccessibleName('Đồng bộ: chưa có số liệu');
  });

  it('puts what renderActions returns at the end of each row', async () => {
    await showList((viewer) => <button type="button">{`Tùy chọn ${viewer.key}`}</button>);
    expect(within(rows()[1] as HTMLElement).getByRole('button')).toHaveAccessibleName('Tùy chọn u:binh');
    expect(screen.getAllByRole('button', { name: /^Tùy chọn/ })).toHaveLength(6);
  });

  it('follows the next list: someone leaving is gone from it', async () => {
    const { socket } = await showList();
    const idle = { ...(VIEWERS[1] as Viewer), report: { state: 'idle' as const, rttMs: 30 } };
    act(() => socket.fire('room:presence', { roomId: ROOM_ID, viewers: [VIEWERS[0], idle] }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByText('2 người đang xem')).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByRole('img')).toHaveAccessibleName('Đồng bộ: chưa có video đang phát');
  });
});
