import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGE_TYPE } from '../features/auth/authMessage.ts';
import { LOGIN_POPUP_URL } from '../features/auth/popupSignIn.ts';
import { installFakeServer } from '../test/fakeServer.ts';
import { renderApp, testUser } from '../test/renderApp.tsx';

const location = () => screen.getByTestId('location');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Home (docs/product.md#home)', () => {
  it('shows the headline and tagline, and a spinner while the sign-in state loads', async () => {
    const server = installFakeServer();
    server.hold('GET /api/me');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Xem video cùng nhau, đúng từng khoảnh khắc',
    );
    expect(screen.getByText(/Tạo phòng, gửi link cho bạn bè/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bắt đầu' })).toBeNull();
    server.release('GET /api/me');
    expect(await screen.findByRole('button', { name: 'Bắt đầu' })).toBeEnabled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("signed out: 'Bắt đầu' opens the sign-in popup, loads meanwhile, and a successful report signs in with focus on the room name", async () => {
    const server = installFakeServer();
    const popup = { closed: false } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu' }));
    expect(open).toHaveBeenCalledWith(LOGIN_POPUP_URL, 'xemchung-login', 'width=480,height=640');
    expect(screen.getByRole('button', { name: 'Bắt đầu' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Bắt đầu' })).toBeDisabled();

    server.state.user = testUser;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: { type: AUTH_MESSAGE_TYPE, ok: true }, origin: window.location.origin }),
      );
    });
    expect(await screen.findByLabelText('Tên phòng')).toBeInTheDocument();
    // The start button is gone: focus goes to the main action that replaced it.
    await waitFor(() => expect(screen.getByLabelText('Tên phòng')).toHaveFocus());
  });

  it("signed out: a popup closed without signing in brings 'Bắt đầu' back with no message", async () => {
    installFakeServer();
    const popup = { closed: false } as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Bắt đầu' }));
    Object.assign(popup, { closed: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bắt đầu' })).toBeEnabled(), { timeout: 2000 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("signed in with a room: a spinner during the lookup, then 'Vào phòng' goes to room/{id}", async () => {
    const server = installFakeServer({ user: testUser, rooms: [{ id: 'r42', name: 'Phim tối thứ Sáu', host: 'u1' }] });
    server.hold('GET /api/rooms?host=me');
    const app = renderApp('/');
    await waitFor(() => expect(server.state.requests.map((r) => r.url)).toContain('/api/rooms?host=me'));
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    server.release('GET /api/rooms?host=me');

    // Signed in before the page opened: focus is left where the browser put it, at the start of the page.
    expect(await screen.findByRole('button', { name: 'Vào phòng' })).not.toHaveFocus();
    await userEvent.click(await screen.findByRole('button', { name: 'Vào phòng' }));
    await waitFor(() => expect(location()).toHaveTextContent('/room/r42'));
    expect(app.history).toEqual(['/', '/room/r42']);
  });

  it("signed in without a room: 'Tạo phòng' is disabled until a name is typed, then creates and replaces history", async () => {
    const server = installFakeServer({ user: testUser, rooms: [{ id: 'other', name: 'x', host: 'someone-else' }] });
    const app = renderApp('/');
    const input = await screen.findByLabelText('Tên phòng');
    const create = screen.getByRole('button', { name: 'Tạo phòng' });
    expect(create).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(create).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(server.state.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '  Tối nay xem gì  ');
    expect(create).toBeEnabled();
    server.hold('POST /api/rooms');
    await userEvent.click(create);
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('aria-busy', 'true');
    server.release('POST /api/rooms');

    await waitFor(() => expect(location()).toHaveTextContent('/room/room2'));
    expect(app.history).toEqual(['/room/room2']);
    expect(server.state.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Tối nay xem gì' });
  });

  it('a failed creation re-enables the button and shows no message', async () => {
    const server = installFakeServer({ user: testUser });
    server.state.failCreate = true;
    renderApp('/');
    await userEvent.type(await screen.findByLabelText('Tên phòng'), 'Phòng của An');
    await userEvent.click(screen.getByRole('button', { name: 'Tạo phòng' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tạo phòng' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Tên phòng')).toHaveValue('Phòng của An');
    expect(location()).toHaveTextContent('/');
  });

  it("a failed room lookup offers 'Thử lại', which looks again", async () => {
    const server = installFakeServer({ user: testUser, rooms: [{ id: 'r1', name: 'A', host: 'u1' }] });
    server.state.failLookup = true;
    renderApp('/');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Không tải được phòng của bạn.');
    server.state.failLookup = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('button', { name: 'Vào phòng' })).toBeInTheDocument();
  });
});
