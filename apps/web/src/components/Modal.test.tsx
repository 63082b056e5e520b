import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal.tsx';

function ShareExample() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Chia sẻ
      </button>
      <Modal open={open} title="Chia sẻ link phòng" onClose={() => setOpen(false)}>
        <input aria-label="Link phòng" readOnly value="http://localhost/room/abc" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders its content only while visible', async () => {
    render(<ShareExample />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByLabelText('Link phòng')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Chia sẻ' }));
    const dialog = screen.getByRole('dialog', { name: 'Chia sẻ link phòng' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Link phòng')).toBeInTheDocument();
  });

  it("moves focus inside, and the close button 'Đóng' closes and gives focus back", async () => {
    render(<ShareExample />);
    const opener = screen.getByRole('button', { name: 'Chia sẻ' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape', async () => {
    render(<ShareExample />);
    await userEvent.click(screen.getByRole('button', { name: 'Chia sẻ' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens as the platform's modal dialog, which keeps Tab and clicks inside it (e2e/focus-keeping.spec.ts)", async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(<ShareExample />);
    await userEvent.click(screen.getByRole('button', { name: 'Chia sẻ' }));
    const dialog = screen.getByRole('dialog');
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog).toHaveAttribute('open');
    showModal.mockRestore();
  });

  it('closes on a click on its backdrop, not on one on its content', async () => {
    render(<ShareExample />);
    await userEvent.click(screen.getByRole('button', { name: 'Chia sẻ' }));
    await userEvent.click(screen.getByLabelText('Link phòng'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
