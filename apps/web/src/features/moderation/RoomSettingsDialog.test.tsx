import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { roomSnapshot } from '../../test/fakeRoomSocket.ts';
import { renderInRoom } from '../../test/renderInRoom.tsx';
import { RoomSettingsButton } from './RoomSettingsButton.tsx';

const banned = { uid: 'banned-uid', name: 'Dũng', photoURL: null, bannedAt: 1 };
const MINUTE = 60_000;
/** A guest kicked half a minute ago, and a member kicked 7.5 minutes ago (R107). */
const kicked = () => [
  {
    key: 'g:K7QZ2M4P9A',
    uid: null,
    name: null,
    photoURL: null,
    guestTag: 'K7QZ2M4P9A',
    until: Date.now() + 9.5 * MINUTE,
  },
  {
    key: 'u:member-uid',
    uid: 'member-uid',
    name: 'Bình',
    photoURL: null,
    guestTag: null,
    until: Date.now() + 2.5 * MINUTE,
  },
];

/** The settings button, with the room's bans answered by `bans` and its kicks by `kicks`. */
async function openSettings(bans: unknown = { ok: true, bans: [banned] }, kicks: unknown = { ok: true, kicks: [] }) {
  const view = await renderInRoom(<RoomSettingsButton />, { isHost: true, room: roomSnapshot({ cohosts: [] }) });
  view.socket.answer = (event, payload) => {
    if (event === 'moderation:bans') return bans;
    if (event === 'moderation:kicks') return kicks;
    if (event === 'moderation:unkick') return { ok: true, ...(payload as object) };
    return { ok: true, version: 2, uid: 'banned-uid' };
  };
  await userEvent.click(screen.getByRole('button', { name: 'Cài đặt phòng' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Cài đặt phòng' }) };
}

describe('room settings (R56, R59, R107)', () => {
  it('shows the room settings as they are, and sends only what changed', async () => {
    const { socket, dialog } = await openSettings();
    expect(within(dialog).getByRole('radio', { name: 'Mọi người' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Cho phép khách trò chuyện' })).not.toBeChecked();
    const cap = within(dialog).getByRole('spinbutton', { name: 'Số video đang chờ tối đa của mỗi người' });
    expect(cap).toHaveValue(10);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Người đã đăng nhập' }));
    await userEvent.clear(cap);
    await userEvent.type(cap, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(socket.commands('room:settings')).toEqual([{ settings: { addPolicy: 'signedIn', perPersonCap: 3 } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Đã lưu cài đặt phòng.').closest('[role="alert"]')).not.toBeNull();
  });

  it('turns voting to skip off, on by default (R64)', async () => {
    const { socket, dialog } = await openSettings();
    const voting = within(dialog).getByRole('checkbox', { name: 'Cho phép người xem bỏ phiếu bỏ qua video' });
    expect(voting).toBeChecked();
    await userEvent.click(voting);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(socket.commands('room:settings')).toEqual([{ settings: { skipVoting: false } }]);
  });

  it.each(['0', '501', '2.5', ''])('refuses a cap of %j with a message, and sends nothing', async (value) => {
    const { socket, dialog } = await openSettings();
    const cap = within(dialog).getByRole('spinbutton', { name: 'Số video đang chờ tối đa của mỗi người' });
    await userEvent.clear(cap);
    if (value) await userEvent.type(cap, value);
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    expect(cap).toHaveAccessibleDescription(/Nhập một số từ 1 đến 500\./);
    expect(within(dialog).getByRole('button', { name: 'Lưu' })).toBeDisabled();
    expect(socket.commands('room:settings')).toEqual([]);
  });

  it('keeps the dialog open and says why when the room refuses', async () => {
    const { socket, dialog } = await openSettings();
    socket.answer = () => ({ ok: false, error: { code: 'forbidden', message: 'no' } });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Cho phép khách trò chuyện' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect((await screen.findByText('Chỉ chủ phòng mới làm được việc này.')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Cài đặt phòng' })).toBeInTheDocument();
  });

  it('lists the bans and unbans', async () => {
    const { socket, dialog } = await openSettings();
    const bans = within(dialog).getByRole('region', { name: 'Người bị chặn' });
    expect(await within(bans).findByText('Dũng')).toBeInTheDocument();
    await userEvent.click(within(bans).getByRole('button', { name: 'Bỏ chặn Dũng' }));
    expect(socket.commands('moderation:unban')).toEqual([{ uid: 'banned-uid' }]);
    expect(await within(bans).findByText('Chưa chặn ai.')).toBeInTheDocument();
  });

  it('lists the kicks running with the minutes left, and lets each back in, the focus kept in the dialog (R107)', async () => {
    const { socket, dialog } = await openSettings(undefined, { ok: true, kicks: kicked() });
    const kicks = within(dialog).getByRole('region', { name: 'Người bị mời ra' });
    const rows = await within(kicks).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Khách K7QZcòn 10 phútCho vào lại',
      'Bìnhcòn 3 phútCho vào lại',
    ]);
    await userEvent.click(within(kicks).getByRole('button', { name: 'Cho Khách K7QZ vào lại' }));
    expect(socket.commands('moderation:unkick')).toEqual([{ key: 'g:K7QZ2M4P9A' }]);
    const next = await within(kicks).findByRole('button', { name: 'Cho Bình vào lại' });
    await waitFor(() => expect(within(kicks).getAllByRole('listitem')).toHaveLength(1));
    expect(next).toHaveFocus();
    await userEvent.click(next);
    expect(socket.commands('moderation:unkick')).toEqual([{ key: 'g:K7QZ2M4P9A' }, { key: 'u:member-uid' }]);
    expect(await within(kicks).findByText('Không có ai đang bị mời ra.')).toBeInTheDocument();
    expect(within(kicks).getByRole('heading', { name: 'Người bị mời ra' })).toHaveFocus();
  });

  it('keeps a kick listed when the room refuses to lift it, and says why (R107)', async () => {
    const { socket, dialog } = await openSettings(undefined, { ok: true, kicks: kicked() });
    const kicks = within(dialog).getByRole('region', { name: 'Người bị mời ra' });
    const button = await within(kicks).findByRole('button', { name: 'Cho Bình vào lại' });
    socket.answer = () => ({ ok: false, error: { code: 'forbidden', message: 'no' } });
    await userEvent.click(button);
    expect(await screen.findByText('Chỉ chủ phòng mới làm được việc này.')).toBeInTheDocument();
    expect(within(kicks).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when nobody is kicked, and when the kicks cannot be read (R107)', async () => {
    const { dialog, unmount } = await openSettings();
    expect(await within(dialog).findByText('Không có ai đang bị mời ra.')).toBeInTheDocument();
    unmount();
    const failed = await openSettings(undefined, { ok: false, error: { code: 'unavailable', message: 'x' } });
    expect(await within(failed.dialog).findByText('Không tải được danh sách người bị mời ra.')).toBeInTheDocument();
  });

  it('says when the bans cannot be read', async () => {
    const { dialog } = await openSettings({ ok: false, error: { code: 'unavailable', message: 'x' } });
    expect(await within(dialog).findByText('Không tải được danh sách người bị chặn.')).toBeInTheDocument();
  });

  it('is the host’s alone: nobody else has the button', async () => {
    for (const uid of ['cohost-uid', 'member-uid', undefined]) {
      const view = await renderInRoom(<RoomSettingsButton />, { uid, room: roomSnapshot({ cohosts: ['cohost-uid'] }) });
      expect(screen.queryByRole('button', { name: 'Cài đặt phòng' })).toBeNull();
      view.unmount();
    }
  });
});
