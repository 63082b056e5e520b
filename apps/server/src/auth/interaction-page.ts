import { DISPLAY_NAME_MAX } from '@xemchung/protocol';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './local-accounts.ts';

/** The embedded identity provider's sign-in page (Vietnamese, server-rendered, no script). */
export type InteractionView = 'login' | 'register';

export interface InteractionPageInput {
  uid: string;
  view: InteractionView;
  /** Nonce for the inline stylesheet, matching the page's Content-Security-Policy. */
  nonce: string;
  /** The refusal to show: its Vietnamese text, and its code (ACCOUNT_ERRORS) for scripts and tests. */
  error?: { code: string; message: string };
  email?: string;
  displayName?: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Dark like the app (black, neutral-900 card, violet-600 actions); one column that fits a phone popup. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:2rem 1rem;
background:#000;color:#f5f5f5;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:24rem;background:#171717;border:1px solid #262626;border-radius:12px;padding:1.5rem}
.brand{margin:0 0 1rem;font-weight:700;color:#a78bfa}
h1{margin:0 0 1rem;font-size:1.4rem}
label{display:block;margin:.75rem 0 .25rem;font-size:.9rem;color:#d4d4d4}
input{width:100%;padding:.6rem .7rem;border:1px solid #404040;border-radius:8px;background:#0a0a0a;color:#f5f5f5;font:inherit}
input:focus{outline:2px solid #8b5cf6;outline-offset:1px}
.hint{margin:.25rem 0 0;font-size:.8rem;color:#a3a3a3}
.error{margin:0 0 .5rem;padding:.6rem .7rem;border-radius:8px;background:#450a0a;color:#fecaca}
button{width:100%;margin-top:1.25rem;padding:.65rem;border:0;border-radius:8px;background:#7c3aed;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#6d28d9}
.secondary{margin-top:.5rem;background:transparent;border:1px solid #404040;color:#d4d4d4}
.secondary:hover{background:#262626}
.switch{margin:1rem 0 0;text-align:center;font-size:.9rem;color:#a3a3a3}
a{color:#a78bfa}
`;

function field(name: string, label: string, attributes: string, hint?: string): string {
  const describedBy = hint ? ` aria-describedby="${name}-hint"` : '';
  const hintHtml = hint ? `<p class="hint" id="${name}-hint">${hint}</p>` : '';
  return `<label for="${name}">${label}</label><input id="${name}" name="${name}" ${attributes}${describedBy}>${hintHtml}`;
}

function errorHtml({ error }: InteractionPageInput): string {
  return error
    ? `<p class="error" role="alert" data-code="${escapeHtml(error.code)}">${escapeHtml(error.message)}</p>`
    : '';
}

function loginForm(input: InteractionPageInput, base: string): string {
  return `<h1 id="title">Đăng nhập</h1>
<form method="post" action="${base}/login" aria-labelledby="title" novalidate>
${errorHtml(input)}
${field('email', 'Email', `type="email" autocomplete="email" maxlength="${EMAIL_MAX}" required value="${escapeHtml(input.email ?? '')}"`)}
${field('password', 'Mật khẩu', `type="password" autocomplete="current-password" maxlength="${PASSWORD_MAX}" required`)}
<button type="submit">Đăng nhập</button>
</form>
<p class="switch">Chưa có tài khoản? <a href="${base}?view=register">Tạo tài khoản</a></p>`;
}

function registerForm(input: InteractionPageInput, base: string): string {
  return `<h1 id="title">Tạo tài khoản</h1>
<form method="post" action="${base}/register" aria-labelledby="title" novalidate>
${errorHtml(input)}
${field('email', 'Email', `type="email" autocomplete="email" maxlength="${EMAIL_MAX}" required value="${escapeHtml(input.email ?? '')}"`)}
${field('displayName', 'Tên hiển thị', `type="text" autocomplete="nickname" maxlength="${DISPLAY_NAME_MAX}" required value="${escapeHtml(input.displayName ?? '')}"`)}
${field('password', 'Mật khẩu', `type="password" autocomplete="new-password" maxlength="${PASSWORD_MAX}" required`, `Ít nhất ${PASSWORD_MIN} ký tự.`)}
<button type="submit">Tạo tài khoản</button>
</form>
<p class="switch">Đã có tài khoản? <a href="${base}">Đăng nhập</a></p>`;
}

export function renderInteractionPage(input: InteractionPageInput): string {
  const base = `/oidc/interaction/${encodeURIComponent(input.uid)}`;
  const title = input.view === 'login' ? 'Đăng nhập' : 'Tạo tài khoản';
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · XemChung</title>
<style nonce="${input.nonce}">${STYLE}</style>
</head>
<body>
<main>
<p class="brand">XemChung</p>
${input.view === 'login' ? loginForm(input, base) : registerForm(input, base)}
<form method="post" action="${base}/abort"><button type="submit" class="secondary">Hủy</button></form>
</main>
</body>
</html>`;
}

/** A short message page in the same look (an expired interaction, an identity-provider error). */
export function renderMessagePage(heading: string, text: string, nonce: string): string {
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(heading)} · XemChung</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<p class="brand">XemChung</p>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
</main>
</body>
</html>`;
}

/** A strict policy for our server-rendered pages: no script, only the nonce'd inline style, forms to ourselves. */
export function pageCsp(nonce: string, scriptNonce?: string): string {
  const script = scriptNonce ? `script-src 'nonce-${scriptNonce}'` : "script-src 'none'";
  return `default-src 'none'; style-src 'nonce-${nonce}'; ${script}; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}
