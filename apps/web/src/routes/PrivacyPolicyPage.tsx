import { useTranslation } from '../i18n/useTranslation.ts';
import { ContactEmailLink, LegalDocument, MINIMUM_AGE, SupportPageLink } from './legal/LegalDocument.tsx';

/** docs/product.md#terms-and-privacy: data collected at sign-in, usage data, what it is for, and who else sees it. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument title="Chính sách bảo mật" documentTitle={t('menu.privacy')}>
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
