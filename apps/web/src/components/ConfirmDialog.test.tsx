import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ConfirmProvider } from './ConfirmProvider.tsx';
import { useConfirm } from './confirmContext.ts';

function DeleteButton({ onDelete }: { onDelete: () => void }) {
  const confirm = useConfirm();
  return (
    <button type="button" onClick={() => confirm('Bạn có chắc muốn xóa video này?', onDelete)}>
      Xóa
    </button>
  );
}

function renderWithProvider(onDelete: () => void) {
  render(
    <ConfirmProvider>
      <DeleteButton onDelete={onDelete} />
    </ConfirmProvider>,
  );
}

describe('ConfirmDialog', () => {
  it('is hidden until a confirmation is requested, then shows the message as its name', async () => {
    renderWithProvider(vi.fn());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleName('Bạn có chắc muốn xóa video này?');
  });

  it("'Có' runs the action once and closes", async () => {
    const onDelete = vi.fn();
    renderWithProvider(onDelete);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Có' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("'Không' dismisses without running the action", async () => {
    const onDelete = vi.fn();
    renderWithProvider(onDelete);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Không' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Escape dismisses without running the action', async () => {
    const onDelete = vi.fn();
    renderWithProvider(onDelete);
    await userEvent.click(screen.getByRole('button', { name: 'Xóa' }));
    await userEvent.keyboard('{Escape}');
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it.each(['Có', 'Không'])(
    "'%s' gives the focus back to the button that asked, where React's handlers hear it",
    async (answer) => {
      // A list that keeps its focus when a row goes (useFocusAfterRemoval) learns from onFocus that it is back.
      const heard = vi.fn();
      render(
        <ConfirmProvider>
          <ul onFocus={heard}>
            <li>
              <DeleteButton onDelete={vi.fn()} />
            </li>
          </ul>
        </ConfirmProvider>,
      );
      const button = screen.getByRole('button', { name: 'Xóa' });
      await userEvent.click(button);
      heard.mockClear();
      await userEvent.click(screen.getByRole('button', { name: answer }));
      expect(button).toHaveFocus();
      expect(heard).toHaveBeenCalledOnce();
    },
  );

  it('is not shown for a request without a message', () => {
    render(<ConfirmDialog request={{ message: '', action: vi.fn() }} onClose={vi.fn()} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('useConfirm outside a provider fails loudly', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<DeleteButton onDelete={vi.fn()} />)).toThrow(/ConfirmProvider/);
    vi.restoreAllMocks();
  });
});
