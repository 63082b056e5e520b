import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { TopBarLayout } from './TopBarLayout.tsx';
import { TopBarSlot } from './TopBarSlot.tsx';

function PageWithSearch() {
  return (
    <>
      <TopBarSlot>
        <input aria-label="Tìm video" />
      </TopBarSlot>
      <p>Nội dung trang</p>
    </>
  );
}

describe('TopBarSlot', () => {
  it("puts a page's controls inside the top bar, and only that page's", () => {
    render(
      <Router hook={memoryLocation({ path: '/room/abc' }).hook}>
        <TopBarLayout>
          <Switch>
            <Route path="/room/:roomId">
              <PageWithSearch />
            </Route>
            <Route>
              <p>Khác</p>
            </Route>
          </Switch>
        </TopBarLayout>
      </Router>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('textbox', { name: 'Tìm video' })).toBeInTheDocument();
    expect(within(banner).queryByText('Nội dung trang')).toBeNull();
    expect(screen.getByRole('main')).toHaveTextContent('Nội dung trang');
  });
});
