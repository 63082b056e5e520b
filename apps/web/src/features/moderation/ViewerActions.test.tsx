import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Person, Role } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { type InRoomOptions, renderInRoom } from '../../test/renderInRoom.tsx';
import { ViewerActions } from './ViewerActions.tsx';

const member: Person = { key: 'u:member-uid', uid: 'member-uid', name: 'Bình', photoURL: null, guestTag: null };
const guest: Person = { key: 'g:K7QZ2M4P9A', uid: null, name: null, photoURL: null, guestTag: 'K7QZ' };
const cohost: Person = { key: 'u:cohost-uid', uid: 'cohost-uid', name: 'Chi', photoURL: null, guestTag: null };
const host: Person = { key: 'u:host-uid', uid: 'host-uid', name: 'An', photoURL: null, guestTag: null };
const room = roomSnapshot({ cohosts: ['cohost-uid'] });

function show(viewer: Person, role: Role, as: InRoomOptions = { isHost: true }) {
  return renderInRoom(<ViewerActions viewer={viewer} role={role} />, { room, ...as });
}

const items = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('ViewerActions (R55, R58, R59)', () => {
  it("offers the host control, 'Mời ra khỏi phòng' and 'Chặn' for a signed-in viewer", async () => {
    const { socket } = await show(member, 'member');
    await userEvent.click(screen.getByRole('button', { name: 'Thao tác với Bình' }));
    expect(items()).toEqual(['Trao quyền điều khiển', 'Mời ra khỏi phòng', 'Chặn']);
    expect(screen.getByRole('menuitem', { name: 'Trao quyền điều khiển' })).toHaveFocus();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Trao quyền điều khiển' }));
    expect(socket.commands('cohost:grant')).toEqual([{ uid: 'member-uid' }]);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('offers to take control back from a co-host', async () => {
    const { socket } = await show(cohost, 'cohost');
    await userEvent.click(screen.getByRole('button', { name: 'Thao tác với Chi' }));
    expect(items()).toEqual(['Thu hồi quyền điều khiển', 'Mời ra khỏi phòng', 'Chặn']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Thu hồi quyền điều khiển' }));
    expect(socket.commands('cohost:revoke')).toEqual([{ uid: 'cohost-uid' }]);
  });

  it('offers only a kick for a guest, by person key, after a confirmation that names its network (R107)', async () => {
    const { socket } = await show(guest, 'guest');
    await userEvent.click(screen.getByRole('button', { name: 'Thao tác với Khách K7QZ' }));
    expect(items()).toEqual(['Mời ra khỏi phòng']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mời ra khỏi phòng' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAccessibleName(
      'Mời Khách K7QZ ra khỏi phòng? Họ và các khách khác dùng cùng mạng sẽ phải rời phòng, và chỉ vào lại được sau 10 phút.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Không' }));
    expect(socket.commands('moderation:kick')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Thao tác với Khách K7QZ' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mời ra khỏi phòng' }));
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('moderation:kick')).toEqual([{ key: 'g:K7QZ2M4P9A' }]);
  });

  it('asks before kicking a signed-in viewer, saying that guests on their network cannot join meanwhile (R107)', async () => {
    const { socket } = await show(member, 'member');
    await userEvent.click(screen.getByRole('button', { name: 'Thao tác với Bình' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Mời ra khỏi phòng' }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName(
      'Mời Bình ra khỏi phòng? Họ có thể vào lại sau 10 phút. Trong thời gian đó, khách dùng cùng mạng với họ cũng không vào được.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('moderation:kick')).toEqual([{ key: 'u:member-uid' }]);
  });

  it('bans after the confirmation, and says so when the room refuses', async () => {
    const { socket } = await show(member, 'member');
    socket.answer = () => ({ ok: false, error: { code: 'invalid_target', message: 'host' } });
    await userEvent.click(screen.getByRole('button', { name: 'Thao tác với Bình' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Chặn' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Chặn Bình khỏi phòng này?');
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(socket.commands('moderation:ban')).toEqual([{ uid: 'member-uid' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Không thể làm vậy với chủ phòng.');
  });

  it('moves through the items with the arrow keys and closes on Escape, focus back on the button', async () => {
    await show(member, 'member');
    const button = screen.getByRole('button', { name: 'Thao tác với Bình' });
    await userEvent.click(button);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mời ra khỏi phòng' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Chặn' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows nothing on the host row, and nothing to a co-host, a member or a guest', async () => {
    const hostRow = await show(host, 'host');
    expect(screen.queryByRole('button')).toBeNull();
    hostRow.unmount();
    for (const as of [{ uid: 'cohost-uid' }, { uid: 'member-uid' }, {}]) {
      const view = await show(member, 'member', as);
      expect(screen.queryByRole('button')).toBeNull();
      view.unmount();
    }
  });
});
