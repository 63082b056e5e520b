import { useTranslation } from '../i18n/useTranslation.ts';
import { ContactEmailLink, LegalDocument, MINIMUM_AGE, SupportPageLink } from './legal/LegalDocument.tsx';

/**
 * docs/product.md#terms-and-privacy: data collected at sign-in, usage data, what it is for, who else sees it, and
 * what a deletion leaves behind (docs/room-rules.md R98).
 */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument title="Chính sách bảo mật" documentTitle={t('menu.privacy')} lastUpdated="tháng 11 năm 2026">
      <p>
        Chính sách này cho biết XemChung thu thập những dữ liệu nào, dùng chúng vào việc gì và bạn có những quyền gì.
      </p>

      <h2>1. Dữ liệu thu thập khi đăng nhập</h2>
      <p>Khi bạn đăng nhập qua nhà cung cấp danh tính, chúng tôi nhận và lưu:</p>
      <ul>
        <li>địa chỉ email;</li>
        <li>ảnh đại diện;</li>
        <li>tên hiển thị.</li>
      </ul>
      <p>Chúng tôi không nhận và không lưu mật khẩu tài khoản của bạn ở nhà cung cấp danh tính.</p>

      <h2>2. Dữ liệu sử dụng</h2>
      <ul>
        <li>Các phòng bạn tạo: tên phòng, danh sách phát và trạng thái phát hiện tại.</li>
        <li>
          Tin nhắn bạn gửi trong phòng: nội dung, thời điểm gửi, cùng tên và ảnh đại diện của bạn lúc gửi (với khách là
          mã khách). Tin nhắn được lưu cùng phòng; chủ phòng và đồng chủ phòng có thể xóa tin nhắn cho mọi người.
        </li>
        <li>
          Từ khóa bạn tìm kiếm video, kèm email tài khoản nếu bạn đã đăng nhập. Mỗi lần tìm kiếm, hệ thống phân tích của
          chính XemChung lưu sự kiện &quot;Search videos&quot; gồm: từ khóa, email (hoặc để trống nếu bạn chưa đăng
          nhập), mã tài khoản và thời điểm tìm kiếm. Link video bạn dán vào ô tìm kiếm không được ghi lại. Dữ liệu này
          dùng để hiểu cách dịch vụ được sử dụng và cải thiện tính năng tìm kiếm.
        </li>
        <li>
          Thông tin lỗi kỹ thuật khi ứng dụng gặp lỗi: nội dung lỗi, vị trí lỗi trong mã nguồn, trang gặp lỗi và loại
          trình duyệt, kèm số liệu tốc độ tải của khoảng 20% lượt truy cập. Báo cáo lỗi không kèm email, tên, cookie hay
          nội dung bạn nhập.
        </li>
      </ul>

      <h2>3. Cookie</h2>
      <p>
        XemChung dùng một cookie phiên đăng nhập để giữ bạn đăng nhập tối đa 30 ngày; cookie này bị xóa khi bạn đăng
        xuất. Chúng tôi không dùng cookie quảng cáo.
      </p>

      <h2>4. Chia sẻ dữ liệu</h2>
      <p>
        Chúng tôi không bán dữ liệu của bạn. Video trong phòng được nhúng từ nền tảng video của bên thứ ba; khi bạn xem,
        nền tảng đó có thể thu thập dữ liệu theo chính sách riêng của họ. Từ khóa tìm kiếm được gửi tới nền tảng video
        đó để lấy kết quả, không kèm thông tin tài khoản của bạn. Nếu được bật, sự kiện tìm kiếm ở mục 2 được chuyển
        tiếp tới dịch vụ phân tích PostHog và thông tin lỗi kỹ thuật được gửi tới dịch vụ theo dõi lỗi Sentry; hai dịch
        vụ này chỉ xử lý dữ liệu đó thay cho chúng tôi.
      </p>

      <h2>5. Lưu trữ và bảo mật</h2>
      <p>
        Dữ liệu được lưu trên máy chủ của dịch vụ và chỉ dùng cho các mục đích nêu trên. Kết nối tới XemChung được mã
        hóa; phiên đăng nhập được lưu phía máy chủ và không chứa thông tin cá nhân trong cookie.
      </p>
      <p>
        Khi một tin nhắn bị xóa, nội dung của nó bị xóa cho mọi người. Với cơ sở dữ liệu mặc định (SQLite), nội dung đó
        cũng được ghi đè trên ổ đĩa của máy chủ ngay sau khi xóa; nếu lúc ấy có chương trình khác (chẳng hạn chương
        trình sao lưu) đang đọc cơ sở dữ liệu, việc ghi đè diễn ra chậm nhất một phút sau khi chương trình đó đọc xong.
        Dữ liệu hết hạn (phiên đăng nhập, sự kiện tìm kiếm quá thời hạn lưu) được xóa theo cách tương tự. Nếu dịch vụ
        chạy trên cơ sở dữ liệu PostgreSQL, bản cũ của dữ liệu đã xóa vẫn còn trong tệp dữ liệu cho tới khi cơ sở dữ
        liệu dọn dẹp (vacuum) và ghi dữ liệu mới lên chỗ đó, và còn trong nhật ký giao dịch (WAL) cho tới khi nhật ký
        được tái sử dụng. Các bản sao lưu tạo trước khi xóa vẫn giữ dữ liệu cho tới khi bản sao lưu đó bị xóa.
      </p>

      <h2>6. Quyền của bạn</h2>
      <p>
        Bạn có thể yêu cầu xem hoặc xóa dữ liệu của mình, kể cả các phòng đã tạo, bằng cách liên hệ qua{' '}
        <SupportPageLink>trang hỗ trợ</SupportPageLink>. Khiếu nại bản quyền xin gửi tới <ContactEmailLink />.
      </p>

      <h2>7. Trẻ em</h2>
      <p>
        XemChung không dành cho người dưới {MINIMUM_AGE} tuổi và không cố ý thu thập dữ liệu của người dưới{' '}
        {MINIMUM_AGE} tuổi.
      </p>

      <h2>8. Thay đổi chính sách</h2>
      <p>Khi chính sách thay đổi, ngày cập nhật ở đầu trang sẽ được ghi lại.</p>
    </LegalDocument>
  );
}
