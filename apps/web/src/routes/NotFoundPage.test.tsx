import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../test/fakeServer.ts';
import { renderApp } from '../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('not-found page (docs/product.md#not-found-page)', () => {
  it.each(['/khong-co-trang-nay', '/room', '/room/a/b', '/not-found'])(
    '%s shows "Trang này không tồn tại" in white on black, inside the top-bar layout',
    async (path) => {
      installFakeServer();
      renderApp(path);
      const heading = await screen.findByRole('heading', { name: 'Trang này không tồn tại' });
      const page = heading.parentElement;
      expect(page).toHaveClass('bg-black', 'text-white');
      expect(within(screen.getByRole('banner')).getByRole('link', { name: 'XemChung' })).toBeInTheDocument();
    },
  );

  it("names the browser tab after the page, over index.html's default title", async () => {
    const fallback = document.createElement('title');
    fallback.textContent = 'XemChung';
    document.head.append(fallback);
    installFakeServer();
    renderApp('/khong-co-trang-nay');
    await screen.findByRole('heading', { name: 'Trang này không tồn tại' });
    expect(document.title).toBe('Trang này không tồn tại · XemChung');
    fallback.remove();
  });
});
