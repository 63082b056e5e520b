import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROOM_NAME_MAX, ROOMS_PER_ACCOUNT_MAX } from '@xemchung/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../test/fakeServer.ts';
import { testUser } from '../../test/renderApp.tsx';
import { CreateRoomForm } from './CreateRoomForm.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderForm() {
  const server = installFakeServer({ user: testUser });
  const onCreated = vi.fn();
  render(<CreateRoomForm onCreated={onCreated} />);
  const input = screen.getByLabelText('Tên phòng');
  const create = screen.getByRole('button', { name: 'Tạo phòng' });
  /** Replaces the name with `text`, pasted in one go as a user would paste it. */
  const enter = async (text: string) => {
    await userEvent.clear(input);
    if (text) {
      await userEvent.click(input);
      await userEvent.paste(text);
    }
  };
  return { server, onCreated, input, create, enter };
}

describe('CreateRoomForm: the name as the server judges it (R41)', () => {
  it.each([
    ['emoji', '😀'],
    ['flags', '🇻🇳'],
    ['emoji with a skin tone', '👍🏽'],
    ['families', '👨‍👩‍👧'],
  ])(`counts ${ROOM_NAME_MAX} %s as ${ROOM_NAME_MAX} characters and creates the room`, async (_label, grapheme) => {
    const { server, onCreated, input, create, enter } = renderForm();
    const name = grapheme.repeat(ROOM_NAME_MAX);
    await enter(name);
    expect(input).toHaveValue(name);
    expect(screen.getByText(`${ROOM_NAME_MAX}/${ROOM_NAME_MAX} ký tự`)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(create).toBeEnabled();
    await userEvent.click(create);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ name })));
    expect(server.state.requests.find((r) => r.method === 'POST')?.body).toEqual({ name });
  });

  it(`says a name of ${ROOM_NAME_MAX + 1} characters is too long, and sends nothing`, async () => {
    const { server, input, create, enter } = renderForm();
    await enter('🇻🇳'.repeat(ROOM_NAME_MAX + 1));
    expect(screen.getByText(`${ROOM_NAME_MAX + 1}/${ROOM_NAME_MAX} ký tự`)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`Tên phòng dài quá ${ROOM_NAME_MAX} ký tự.`);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(create).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(server.state.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await enter('🇻🇳'.repeat(ROOM_NAME_MAX));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(create).toBeEnabled();
  });

  it.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['joiners and a word joiner', '\u200c\u200d\u2060'],
    ['a BOM', '\ufeff'],
  ])('keeps the button disabled for a name of only %s, as for an empty one', async (_label, name) => {
    const { create, enter } = renderForm();
    await enter(name);
    expect(create).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['BEL', 'Phòng\u0007'],
    ['ESC', '\u001b[31mPhòng'],
    ['a right-to-left override', 'Phòng \u202e4pm.exe'],
    ['an isolate', 'Phòng \u2067x\u2069'],
  ])('says why a name with %s cannot be used', async (_label, name) => {
    const { create, enter } = renderForm();
    await enter(name);
    expect(screen.getByRole('alert')).toHaveTextContent('Tên phòng có ký tự không được phép');
    expect(create).toBeDisabled();
  });

  it('shows the Vietnamese message when the server refuses the name, until the name changes', async () => {
    const { server, onCreated, input, create, enter } = renderForm();
    server.state.refuseName = true;
    await enter('Phòng của An');
    await userEvent.click(create);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tên phòng không hợp lệ. Vui lòng đặt tên khác.');
    expect(create).toBeDisabled();
    expect(onCreated).not.toHaveBeenCalled();

    server.state.refuseName = false;
    await userEvent.type(input, '!');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(create);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ name: 'Phòng của An!' })));
  });

  it.each([
    [429, 'Bạn tạo phòng nhanh quá. Vui lòng thử lại sau một phút.'],
    [409, `Mỗi tài khoản có tối đa ${ROOMS_PER_ACCOUNT_MAX} phòng. Hãy dùng lại một phòng bạn đã tạo.`],
  ] as const)(
    'R103: says in Vietnamese why the server created no room (%i), and tries again when asked',
    async (status, text) => {
      const { server, onCreated, create, enter } = renderForm();
      server.state.holdCreate = status;
      await enter('Phòng của An');
      await userEvent.click(create);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(onCreated).not.toHaveBeenCalled();
      server.state.holdCreate = null;
      await userEvent.click(create);
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ name: 'Phòng của An' })));
    },
  );
});
