import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logOut, userStore } from '../features/auth/userStore.ts';
import { changeLanguage } from '../i18n/index.ts';
import { installFakeServer } from '../test/fakeServer.ts';
import { renderApp, testUser } from '../test/renderApp.tsx';

afterEach(async () => {
  await changeLanguage('vi');
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Mở menu' }));
  return screen.findByRole('dialog', { name: 'Menu' });
}

/** The user's initials in the top bar, drawn from data-initials (generated content) like the photo they stand for. */
const initialsShown = (scope: HTMLElement = document.body) =>
  waitFor(() => expect(scope.querySelector('[data-initials="NA"]')).not.toBeNull());

describe('top bar and side menu (docs/product.md#top-bar, #side-menu)', () => {
  it("shows the product name linking home, and the user's initials when they have no photo", async () => {
    installFakeServer({ user: testUser });
    renderApp('/terms-of-use');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'XemChung' })).toHaveAttribute('href', '/');
    await initialsShown(banner);
  });

  it('shows the avatar photo when there is one, and a generic icon when signed out', async () => {
    installFakeServer({ user: { ...testUser, photoURL: 'https://example.com/an.png' } });
    renderApp('/terms-of-use');
    const button = await screen.findByRole('button', { name: 'Mở menu' });
    await waitFor(() => expect(button.querySelector('img')).toHaveAttribute('src', 'https://example.com/an.png'));
    act(() => logOut());
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('svg')).not.toBeNull();
  });

  it('opens a dialog with focus inside, the user, and the terms, privacy and support links in new tabs', async () => {
    installFakeServer({ user: testUser });
    renderApp('/');
    await initialsShown();
    const menu = await openMenu();
    expect(menu).toHaveAttribute('aria-modal', 'true');
    expect(menu).toContainElement(document.activeElement as HTMLElement);
    expect(within(menu).getByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(within(menu).getByText('an.nguyen@example.com')).toBeInTheDocument();

    const links = [
      ['Điều khoản sử dụng', '/terms-of-use'],
      ['Chính sách bảo mật', '/privacy-policy'],
      ['Hỗ trợ', 'https://www.facebook.com/xemchung'],
    ] as const;
    for (const [name, href] of links) {
      const link = within(menu).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(menu).getByRole('button', { name: 'Đăng xuất' })).toBeInTheDocument();
  });

  it("links 'Hỗ trợ' to the operator's SUPPORT_URL", async () => {
    installFakeServer({ clientConfig: { supportUrl: 'https://help.phim.example/lien-he' } });
    renderApp('/');
    const menu = await openMenu();
    expect(await within(menu).findByRole('link', { name: 'Hỗ trợ' })).toHaveAttribute(
      'href',
      'https://help.phim.example/lien-he',
    );
  });

  it("has no 'Đăng xuất' when signed out", async () => {
    installFakeServer();
    renderApp('/');
    await screen.findByRole('button', { name: 'Bắt đầu' });
    const menu = await openMenu();
    expect(within(menu).queryByRole('button', { name: 'Đăng xuất' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Hỗ trợ' })).toBeInTheDocument();
  });

  it('closes on Escape, on the close button, and on a click on the backdrop around it', async () => {
    installFakeServer();
    renderApp('/');
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mở menu' })).toHaveFocus();

    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Đóng' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const again = await openMenu();
    // A click on the content stays in the menu; one on the dialog element itself is on its backdrop.
    await userEvent.click(within(again).getByText('XemChung'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(again);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the route changes', async () => {
    installFakeServer();
    const app = renderApp('/room/abc');
    await openMenu();
    act(() => app.navigate('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Đăng xuất' ends the session on the server, signs out and goes home", async () => {
    const server = installFakeServer({ user: testUser });
    renderApp('/privacy-policy');
    await initialsShown();
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Đăng xuất' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(server.state.requests).toContainEqual({ method: 'POST', url: '/auth/logout', body: undefined });
    expect(userStore.get()).toEqual({ data: null, loading: false, error: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Bắt đầu' })).toBeInTheDocument();
  });

  it('switches the interface to English and back, and remembers the choice', async () => {
    installFakeServer({ user: testUser });
    renderApp('/');
    await initialsShown();
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'English' }));
    expect(await within(menu).findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('xemchung:language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await userEvent.click(within(menu).getByRole('button', { name: 'Tiếng Việt' }));
    expect(await within(menu).findByRole('button', { name: 'Đăng xuất' })).toBeInTheDocument();
  });
});
