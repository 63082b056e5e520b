import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../test/fakeServer.ts';
import { renderApp } from '../test/renderApp.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('static legal pages (docs/product.md#terms-and-privacy)', () => {
  it('terms: definitions, scope, minimum age 13, no hosted content, copyright contact, last update', async () => {
    installFakeServer();
    renderApp('/terms-of-use');
    expect(await screen.findByRole('heading', { level: 1, name: 'Điều khoản sử dụng' })).toBeInTheDocument();
    for (const term of ['Phòng', 'Chủ phòng', 'Thành viên']) {
      expect(screen.getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(screen.getByText('tạo phòng và chia sẻ link phòng;')).toBeInTheDocument();
    expect(screen.getByText('tìm kiếm video;')).toBeInTheDocument();
    expect(screen.getByText('thêm video vào danh sách phát và xóa video khỏi danh sách phát;')).toBeInTheDocument();
    expect(screen.getByText(/từ đủ 13 tuổi/)).toBeInTheDocument();
    expect(screen.getByText(/không lưu trữ bất kỳ video/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'banquyen@xemchung.app' })).toHaveAttribute(
      'href',
      'mailto:banquyen@xemchung.app',
    );
    expect(screen.getByText('Cập nhật lần cuối: tháng 9 năm 2022')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('privacy: data collected at sign-in, usage data with the email, last update', async () => {
    installFakeServer();
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chính sách bảo mật' })).toBeInTheDocument();
    for (const item of ['địa chỉ email;', 'ảnh đại diện;', 'tên hiển thị.']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByText(/Từ khóa bạn tìm kiếm video, kèm email tài khoản/)).toBeInTheDocument();
    // What 'Search videos' records (docs/product.md#services), and where search events and error reports may go.
    expect(screen.getByText(/gồm: từ khóa, email \(hoặc để trống nếu bạn chưa đăng nhập\)/)).toBeInTheDocument();
    expect(screen.getByText(/Báo cáo lỗi không kèm email, tên, cookie/)).toBeInTheDocument();
    expect(screen.getByText(/PostHog .* Sentry/)).toBeInTheDocument();
    expect(screen.getByText('Cập nhật lần cuối: tháng 11 năm 2026')).toBeInTheDocument();
  });

  it('privacy, R98: says chat messages are kept, and what a deletion leaves on SQLite and on PostgreSQL', async () => {
    installFakeServer();
    renderApp('/privacy-policy');
    expect(await screen.findByText(/^Tin nhắn bạn gửi trong phòng: nội dung, thời điểm gửi/)).toBeInTheDocument();
    const deletion = screen.getByText(/^Khi một tin nhắn bị xóa/);
    expect(deletion).toHaveTextContent(/SQLite.*ghi đè trên ổ đĩa của máy chủ ngay sau khi xóa/);
    expect(deletion).toHaveTextContent(/PostgreSQL, bản cũ của dữ liệu đã xóa vẫn còn .* \(vacuum\)/);
    expect(deletion).toHaveTextContent(/nhật ký giao dịch \(WAL\)/);
    expect(deletion).toHaveTextContent(/bản sao lưu tạo trước khi xóa vẫn giữ dữ liệu/);
  });

  it("name the operator's contact address and support page (CONTACT_EMAIL, SUPPORT_URL), not the original's", async () => {
    const server = installFakeServer({
      clientConfig: { supportUrl: 'https://help.phim.example/lien-he', contactEmail: 'admin@phim.example' },
    });
    const terms = renderApp('/terms-of-use');
    const complaints = within(await screen.findByRole('article'));
    expect(complaints.getByRole('link', { name: 'admin@phim.example' })).toHaveAttribute(
      'href',
      'mailto:admin@phim.example',
    );
    expect(screen.queryByText(/banquyen@xemchung\.app/)).toBeNull();
    terms.unmount();

    renderApp('/privacy-policy');
    const privacy = within(await screen.findByRole('article'));
    expect(privacy.getByRole('link', { name: 'trang hỗ trợ' })).toHaveAttribute(
      'href',
      'https://help.phim.example/lien-he',
    );
    expect(privacy.getByRole('link', { name: 'trang hỗ trợ' })).toHaveAttribute('target', '_blank');
    expect(privacy.getByRole('link', { name: 'admin@phim.example' })).toHaveAttribute(
      'href',
      'mailto:admin@phim.example',
    );
    expect(document.querySelector('a[href*="facebook.com"], a[href*="banquyen"]')).toBeNull();
    // The page, its links and the side menu all need the settings; each page load asks once.
    const asked = server.state.requests.filter((request) => request.url === '/api/client-config');
    expect(asked).toHaveLength(2);
  });

  it("offers 'Thử lại' when the settings cannot be read, and shows the page once they can", async () => {
    const server = installFakeServer();
    server.state.failClientConfig = true;
    renderApp('/terms-of-use');
    expect(await screen.findByText('Không tải được trang.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    server.state.failClientConfig = false;
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Điều khoản sử dụng' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'banquyen@xemchung.app' })).toBeInTheDocument();
  });
});
