import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { pageCsp } from './interaction-page.ts';

/** The popup contract the web app relies on (apps/web/src/features/auth/authMessage.ts). */
export const AUTH_MESSAGE_TYPE = 'xemchung:auth';
export const AUTH_CHANNEL_NAME = 'xemchung-auth';

/**
 * The last page of a popup sign-in: it tells the opener how it went, both by postMessage (same origin) and on a
 * BroadcastChannel (reaches the app even when a cross-origin hop severed window.opener), then closes itself.
 * It carries only ok: true|false; the app reads the user from /api/me.
 */
export function renderPopupResult(ok: boolean, nonce: string): string {
  const message = JSON.stringify({ type: AUTH_MESSAGE_TYPE, ok });
  const text = ok ? 'Đăng nhập thành công. Cửa sổ này sẽ tự đóng.' : 'Đăng nhập không thành công.';
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>XemChung</title>
<style nonce="${nonce}">body{margin:0;padding:2rem 1rem;background:#000;color:#f5f5f5;font:16px/1.5 system-ui,sans-serif;text-align:center}a{color:#a78bfa}</style>
</head>
<body>
<p>${text}</p>
<p><a href="/">Về trang chủ</a></p>
<script nonce="${nonce}">
(function () {
  var message = ${message};
  try { if (window.opener) window.opener.postMessage(message, location.origin); } catch (e) {}
  try { var channel = new BroadcastChannel(${JSON.stringify(AUTH_CHANNEL_NAME)}); channel.postMessage(message); channel.close(); } catch (e) {}
  setTimeout(function () { window.close(); }, 50);
})();
</script>
</body>
</html>`;
}

export function sendPopupResult(reply: FastifyReply, ok: boolean, status = 200) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', pageCsp(nonce, nonce))
    .send(renderPopupResult(ok, nonce));
}
