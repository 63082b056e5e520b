import { useTranslation } from '../i18n/useTranslation.ts';
import { PRIVACY_PATH } from '../lib/paths.ts';
import { ContactEmailLink, LegalDocument, MINIMUM_AGE } from './legal/LegalDocument.tsx';

/** docs/product.md#terms-and-privacy: definitions, service scope, minimum age, no hosted content, copyright complaints. */
export function TermsOfUsePage() {
  const { t } = useTranslation();
  return (
    <LegalDocument title="Điều khoản sử dụng" documentTitle={t('menu.terms')} lastUpdated="tháng 9 năm 2022">
      <p>
        XemChung là dịch vụ web miễn phí giúp bạn xem video và nghe nhạc cùng bạn bè trong một phòng chung. Khi sử dụng
        XemChung, bạn đồng ý với các điều khoản dưới đây. Nếu không đồng ý, vui lòng ngừng sử dụng dịch vụ.
      </p>

      <h2>1. Định nghĩa</h2>
      <dl className="space-y-3">
        <div>
          <dt className="font-semibold text-white">Phòng</dt>
          <dd>
            Không gian xem chung do một người dùng đã đăng nhập tạo ra, có tên và đường link riêng. Bất kỳ ai có link
            đều có thể vào phòng.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-white">Chủ phòng</dt>
          <dd>
            Người đã tạo phòng. Chủ phòng điều khiển việc phát video (phát, tạm dừng, tua) cho cả phòng và quản lý danh
            sách phát: chọn, xóa video và xóa các video đã xem.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-white">Thành viên</dt>
          <dd>
            Người vào phòng mà không phải chủ phòng. Thành viên xem video theo sự điều khiển của chủ phòng; danh sách
            phát đối với thành viên là chỉ xem.
          </dd>
        </div>
      </dl>

      <h2>2. Phạm vi dịch vụ</h2>
      <p>XemChung cho phép bạn:</p>
      <ul>
        <li>tạo phòng và chia sẻ link phòng;</li>
        <li>tìm kiếm video;</li>
        <li>thêm video vào danh sách phát và xóa video khỏi danh sách phát;</li>
        <li>xem video cùng nhau, đồng bộ theo chủ phòng.</li>
      </ul>
      <p>
        Khách chưa đăng nhập vẫn mở được phòng bằng link và xem video, nhưng chỉ dùng được các tính năng cơ bản. Muốn
        tạo phòng, bạn cần đăng nhập.
      </p>

      <h2>3. Độ tuổi tối thiểu</h2>
      <p>Bạn phải từ đủ {MINIMUM_AGE} tuổi trở lên để sử dụng XemChung.</p>

      <h2>4. Nội dung video</h2>
      <p>
        XemChung không lưu trữ bất kỳ video hay bản nhạc nào. Mọi video đều được nhúng từ nền tảng video của bên thứ ba
        và thuộc quyền của chủ sở hữu tương ứng. Khi xem, bạn đồng thời phải tuân theo điều khoản của nền tảng đó.
      </p>

      <h2>5. Trách nhiệm của người dùng</h2>
      <ul>
        <li>Không dùng XemChung để chia sẻ nội dung vi phạm pháp luật hoặc quyền sở hữu trí tuệ của người khác.</li>
        <li>Không đặt tên phòng mang tính xúc phạm, lừa đảo hoặc mạo danh.</li>
        <li>Không can thiệp, dò quét hay làm quá tải hệ thống.</li>
        <li>Chủ phòng chịu trách nhiệm về những video được đưa vào phòng của mình.</li>
      </ul>

      <h2>6. Khiếu nại bản quyền</h2>
      <p>
        Nếu bạn cho rằng một video xuất hiện trên XemChung vi phạm bản quyền của mình, hãy gửi email tới{' '}
        <ContactEmailLink />, kèm link phòng hoặc link video và thông tin chứng minh quyền sở hữu. Chúng tôi sẽ xem xét
        và gỡ video khỏi các phòng liên quan khi khiếu nại hợp lệ.
      </p>

      <h2>7. Dữ liệu cá nhân</h2>
      <p>
        Cách chúng tôi thu thập và sử dụng dữ liệu được mô tả trong <a href={PRIVACY_PATH}>Chính sách bảo mật</a>.
      </p>

      <h2>8. Thay đổi và giới hạn trách nhiệm</h2>
      <p>
        Dịch vụ được cung cấp miễn phí theo hiện trạng, không cam kết hoạt động liên tục. Chúng tôi có thể cập nhật các
        điều khoản này; ngày cập nhật được ghi ở đầu trang. Việc tiếp tục sử dụng XemChung sau khi điều khoản thay đổi
        nghĩa là bạn chấp nhận điều khoản mới.
      </p>
    </LegalDocument>
  );
}
