import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazySideMenu } from './LazySideMenu.tsx';

// The menu's chunk on a bad network: the first two fetches fail, the third arrives.
const fetches = vi.hoisted(() => ({ count: 0 }));
vi.mock('./SideMenu.tsx', () => {
  fetches.count += 1;
  if (fetches.count <= 2) throw new Error('chunk failed');
  return { SideMenu: ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="Menu" /> : null) };
});

describe('LazySideMenu', () => {
  it("is fetched after the first render, again on opening, and after a second failure offers 'Thử lại'", async () => {
    const { rerender } = render(<LazySideMenu open={false} onClose={() => {}} />);
    await vi.waitFor(() => expect(fetches.count).toBe(1));
    // A failure nobody asked to see stays quiet while the menu is closed.
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<LazySideMenu open onClose={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Không tải được trang.');
    expect(fetches.count).toBe(2);

    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    expect(fetches.count).toBe(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
