import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidePanelTabs } from './SidePanelTabs.tsx';

const tabs = [
  { id: 'playlist', label: 'Danh sách phát', panel: <p>các video</p> },
  { id: 'viewers', label: 'Người xem', count: 3, countLabel: '3 người đang xem', panel: <p>ba người</p> },
];

describe('SidePanelTabs', () => {
  it('shows the first panel, and another when its tab is chosen, the count in the tab’s name', async () => {
    const onSelect = vi.fn();
    render(<SidePanelTabs label="Nội dung bên cạnh" tabs={tabs} onSelect={onSelect} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('các video');
    // The number says what it counts: 'Người xem, 3 người đang xem', not 'Người xem 3'.
    const viewers = screen.getByRole('tab', { name: 'Người xem, 3 người đang xem' });
    await userEvent.click(viewers);
    expect(onSelect).toHaveBeenCalledWith('viewers');
    expect(viewers).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Người xem, 3 người đang xem' })).toHaveTextContent('ba người');
    expect(screen.queryByText('các video')).not.toBeVisible();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    render(<SidePanelTabs label="Nội dung bên cạnh" tabs={tabs} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Danh sách phát' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Người xem/ })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('ba người');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Danh sách phát' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: /Người xem/ })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('các video');
  });
});
